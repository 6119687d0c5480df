import CommonDataModels
import CommonKit
import FanRoom
import Foundation
import FrommUI
import MessageDataModels
import MessageRoom

/// A room: messages oldest first (the artist's by name, the fan's own as "You"), each with when it
/// was sent, a marker line where the unread ones started when the room was opened, then the
/// reply line, which counts the characters typed against the limit. Any line is a reply (one over
/// the limit comes back to be shortened); `/back` (or Escape), `/retry` and `/reload` from
/// ``KeyMap``, and `/older` and `/delete` (the newest own reply, once `y` confirms), are commands,
/// never single keys; `/retry` and `/discard` are offered while replies are kept. PageUp and
/// PageDown page by what fits; PageUp (or `/older`) reads older messages from the server once the
/// oldest read is shown.
public struct RoomView: TerminalView {
  /// The time zone message times are shown in.
  public var timeZone: TimeZone

  /// Creates the view, showing times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// Loads the room and follows new messages when the screen appears.
  public var startAction: RoomFeature.Action? { .room(.view(.task)) }

  static let commands = [
    KeyMap.back.menuCommand(keys: false, title: "Leave the room"),
    KeyMap.reload.menuCommand(keys: false),
    KeyMap.older.menuCommand(keys: false),
    KeyMap.delete.menuCommand(keys: false, title: "Delete your last reply (asks first)"),
  ]
  /// Shown while replies are kept: sends them again, or forgets them instead.
  static let kept = [
    KeyMap.retry.menuCommand(keys: false, title: "Send the kept reply again"),
    MenuCommand("/discard", "Forget the kept replies"),
  ]

  /// The screen for `state`.
  public func render(_ state: RoomFeature.State) -> Screen {
    if let search = state.room.search {
      return SearchResults(
        text: search.text, rows: search.matches.map { row($0, myId: state.myId, highlight: search.text) },
        hasOlder: search.hasOlder, isLoading: search.isLoading, failure: search.failure
      ).screen
    }
    return Screen {
      Component.header(
        "\(state.artistName) (@\(state.artistUsername))",
        subtitle: "Your replies are seen by \(state.artistName) only")
      if state.room.feed.messages.isEmpty {
        if !state.room.feed.isLoading { Component.empty("No messages yet") }
      } else {
        let room = state.room.feed
        if room.isLoadingOlder {
          Component.progress("Loading older messages")
        } else if room.hasOlder {
          Component.text("… older messages (\(KeyMap.older.typed))", style: .dim)
        }
        // Oldest first: on a small window the header and the newest messages stay, and the
        // messages read page by what fits.
        Component.log(room.messages.map { row($0, myId: state.myId, firstUnread: state.room.firstUnreadId) })
      }
      if let olderFailure = state.room.feed.olderFailure {
        Component.errorBanner("\(olderFailure) \(KeyMap.older.hint("try again", keys: false))")
      }
      if state.room.feed.isLoading { Component.progress("Loading messages") }
      if let interruption = state.room.feed.interruption { Component.notice(interruption) }
      if let failure = state.room.feed.failure {
        let purpose = state.room.feed.hasLoaded ? "follow the room again" : "try again"
        Component.errorBanner("\(failure) \(KeyMap.reload.hint(purpose, keys: false))")
      }
      let outbox = state.room.outbox
      if let problem = outbox.problemMessage {
        Component.errorBanner(
          KeyMap.withSendRemedy(problem, unsent: !outbox.unsent.isEmpty, refused: outbox.refusedText != nil))
      }
      if let unsent = outbox.unsentSummary { Component.notice(unsent) }
      if outbox.isSending { Component.progress("Sending") }
      if let failure = state.room.deletionFailure { Component.errorBanner(failure) }
      if let deleting = state.room.deleting {
        Component.notice(
          "Delete your reply \"\(deleting.text)\"? \(state.artistName) will not see it any more.")
        Component.menu(YesOrNo.menu(yes: "Yes, delete it", no: "No, keep it"))
        Component.prompt("Delete? (y/n)")
      } else {
        Component.text("Type a reply and press Enter (at most \(MessageRules.maxLength) characters).")
        Component.menu(outbox.unsent.isEmpty ? Self.commands : Self.kept + Self.commands)
        Component.prompt("Reply", characterLimit: MessageRules.maxLength, keeping: outbox.refusedText)
      }
    }
  }

  private func row(
    _ message: Message, myId: AccountID, firstUnread: MessageID? = nil, highlight: String? = nil
  ) -> ListItem {
    let sender = message.senderId == myId ? "You" : message.senderDisplayName
    return ListItem(
      message.text, label: sender, detail: MessageTime.format(message.sentAt, in: timeZone),
      marker: message.id == firstUnread ? ListItem.unreadStart : nil, highlight: highlight)
  }

  /// The action that `input` means in the room.
  public func action(for input: InputEvent, in state: RoomFeature.State) -> RoomFeature.Action? {
    if state.room.deleting != nil {
      return YesOrNo(input).map { .room($0 == .yes ? .view(.deleteConfirmed) : .view(.deleteCancelled)) }
    }
    if state.room.search != nil {
      return SearchResults.action(
        for: input, back: .room(.view(.searchClosed)), older: .room(.view(.olderMatchesTapped)),
        search: { .room(.view(.searchTapped($0))) })
    }
    if let text = KeyMap.search.argument(of: input) { return .room(.view(.searchTapped(text))) }
    if KeyMap.back.matches(input, keys: false) { return .view(.backTapped) }
    if KeyMap.delete.matches(input, keys: false) { return .room(.view(.deleteTapped(nil))) }
    // `/retry` and `/discard` mean something only while replies are kept (and `/help` says so).
    if !state.room.outbox.unsent.isEmpty {
      if KeyMap.retry.matches(input, keys: false) { return .room(.view(.retryTapped)) }
      if case .command(name: "discard", _) = input { return .room(.view(.discardTapped)) }
    }
    if KeyMap.reload.matches(input, keys: false) { return .room(.view(.reloadTapped)) }
    // PageUp reaches the view once the oldest message read is shown: read the page before it.
    if KeyMap.older.matches(input, keys: false) || input == .key(.pageUp) {
      return .room(.view(.olderTapped))
    }
    if case .line(let text) = input { return .room(.view(.sendTapped(text))) }
    return nil
  }
}
