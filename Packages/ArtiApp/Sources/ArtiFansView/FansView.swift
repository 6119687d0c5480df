import ArtiFans
import ArtistDataModels
import CommonDataModels
import CommonKit
import Foundation
import FrommUI
import MessageDataModels

/// The artist's fans in the terminal: a numbered list of who subscribes and who replied, newest
/// reply first; a number or a username opens that fan's thread, their replies oldest first;
/// `b` (`/back`, Escape) returns to the list and `r` (`/reload`) reads both again.
public struct FansView: TerminalView {
  /// The time zone reply times are shown in.
  public var timeZone: TimeZone

  /// Creates the view, showing times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// Reads the subscribers and follows the room when the screen is run on its own.
  public var startAction: FansFeature.Action? { .view(.task) }

  static let listCommands = [KeyMap.reload.menuCommand()]
  static let threadCommands = [KeyMap.back.menuCommand(title: "All fans"), KeyMap.reload.menuCommand()]

  /// The screen for `state`.
  public func render(_ state: FansFeature.State) -> Screen {
    Screen {
      if let thread = state.openThread {
        threadScreen(thread, state: state)
      } else {
        listScreen(state)
      }
    }
  }

  @ScreenBuilder
  private func listScreen(_ state: FansFeature.State) -> [Component] {
    Component.header("Your fans", subtitle: subscriberLine(state.subscribers))
    let threads = state.threads
    if threads.isEmpty {
      if !state.isLoadingSubscribers && state.room.feed.hasLoaded { Component.empty("No subscribers yet.") }
    } else {
      Component.list(threads.map(row))
      Component.text("Type a number or a username to read that fan's replies.", style: .dim)
    }
    footer(state)
    Component.menu(Self.listCommands)
    Component.prompt("Fan")
  }

  @ScreenBuilder
  private func threadScreen(_ thread: FanThread, state: FansFeature.State) -> [Component] {
    Component.header(
      "\(thread.displayName) (@\(thread.username))",
      subtitle: thread.subscribedAt.map { "Subscribed since \(MessageTime.format($0, in: timeZone))" }
        ?? "No longer subscribes")
    if thread.replies.isEmpty {
      Component.empty("No replies from \(thread.displayName) yet.")
    } else {
      Component.log(
        thread.replies.map { ListItem($0.text, detail: MessageTime.format($0.sentAt, in: timeZone)) })
    }
    footer(state)
    Component.menu(Self.threadCommands)
    Component.prompt("Thread")
  }

  @ScreenBuilder
  private func footer(_ state: FansFeature.State) -> [Component] {
    if state.isLoadingSubscribers || state.room.feed.isLoading {
      Component.progress("Reading your fans' replies")
    }
    if let interruption = state.room.feed.interruption { Component.notice(interruption) }
    if let notice = state.notice { Component.notice(notice) }
    if let error = state.subscribersError {
      Component.errorBanner("\(error) \(KeyMap.reload.hint("try again"))")
    }
    if let failure = state.room.feed.failure {
      Component.errorBanner(
        "\(failure) \(KeyMap.reload.hint(state.room.feed.hasLoaded ? "follow the room again" : "try again"))")
    }
  }

  private func subscriberLine(_ subscribers: [Subscriber]?) -> String {
    guard let subscribers else { return "Who subscribes, and each fan's replies" }
    return subscribers.count == 1 ? "1 subscriber" : "\(subscribers.count) subscribers"
  }

  private func row(_ thread: FanThread) -> ListItem {
    let who = "\(thread.displayName) (@\(thread.username))" + (thread.isSubscribed ? "" : " · unsubscribed")
    guard let last = thread.replies.last else { return ListItem(who, detail: "no replies") }
    let count = thread.replies.count == 1 ? "1 reply" : "\(thread.replies.count) replies"
    return ListItem(who, detail: "\(count), last \(MessageTime.format(last.sentAt, in: timeZone))")
  }

  /// The action that `input` means on the screen.
  public func action(for input: InputEvent, in state: FansFeature.State) -> FansFeature.Action? {
    if KeyMap.reload.matches(input) { return .view(.reloadTapped) }
    if state.openFanId != nil {
      return KeyMap.back.matches(input) ? .view(.backTapped) : nil
    }
    guard case .line(let text) = input, !text.trimmingWhitespace().isEmpty else { return nil }
    return Self.fanID(named: text, in: state.threads).map { .view(.fanPicked($0)) }
      ?? .view(.unknownFanNamed(text.trimmingWhitespace()))
  }

  /// The fan meant by a row number or a username (with or without `@`).
  static func fanID(named raw: String, in threads: [FanThread]) -> AccountID? {
    let name = raw.trimmingWhitespace()
    if let number = Int(name) {
      return threads.indices.contains(number - 1) ? threads[number - 1].fanId : nil
    }
    let key = (name.hasPrefix("@") ? String(name.dropFirst()) : name).lowercased()
    return threads.first { $0.username == key || $0.displayName.lowercased() == key }?.fanId
  }
}
