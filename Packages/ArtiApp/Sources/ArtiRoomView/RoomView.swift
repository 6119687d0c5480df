import CommonKit
import Foundation
import FrommUI
import MessageDataModels
import MessageRoom

/// The room in the terminal: every line typed is a broadcast; `/retry` sends a broadcast that
/// failed again; `/reload` reads the room again; `/delete` deletes the newest broadcast once
/// `y` confirms it (commands from ``KeyMap``, never single keys).
///
/// Messages are listed oldest first, the newest by the prompt, each with who sent it and when;
/// a marker line stands where the replies unread when the room was opened start.
/// PageUp and PageDown page by what fits; PageUp (or `/older`) reads older messages from the
/// server once the oldest read is shown. The prompt counts the characters typed against the limit, and a broadcast over it comes
/// back to be shortened.
public struct RoomView: TerminalView {
  static let reload = KeyMap.reload.menuCommand(keys: false)
  static let retry = KeyMap.retry.menuCommand(keys: false, title: "Send the kept broadcast again")
  static let older = KeyMap.older.menuCommand(keys: false)
  static let discard = MenuCommand("/discard", "Forget the kept broadcasts")
  static let delete = KeyMap.delete.menuCommand(keys: false, title: "Delete your last broadcast (asks first)")

  /// The time zone message times are shown in.
  public var timeZone: TimeZone

  /// Creates the view, showing times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// Reads the room and subscribes to new replies when the screen is run on its own.
  public var startAction: Room.Action? { .view(.task) }

  /// The screen for `state`: the room, or the search shown instead of it.
  public func render(_ state: Room.State) -> Screen {
    if let search = state.search {
      return SearchResults(
        text: search.text, rows: search.matches.map { row($0, highlight: search.text) },
        hasOlder: search.hasOlder, isLoading: search.isLoading, failure: search.failure
      ).screen
    }
    let room = state.feed
    let outbox = state.outbox
    return Screen {
      Component.header("Your room", subtitle: "Broadcasts go to every subscriber; replies are private")
      if room.isLoading {
        Component.progress("Reading the room")
      } else if room.messages.isEmpty && room.hasLoaded {
        Component.empty("No messages yet. Write the first broadcast below.")
      } else {
        if room.isLoadingOlder {
          Component.progress("Loading older messages")
        } else if room.hasOlder {
          Component.text("… older messages (\(KeyMap.older.typed))", style: .dim)
        }
        // Oldest first: on a small window the header and the newest messages stay, and the
        // messages read page by what fits.
        Component.log(room.messages.map { row($0, startsUnread: $0.id == state.firstUnreadId) })
      }
      if outbox.isSending { Component.progress("Sending") }
      if let notice = room.interruption { Component.notice(notice) }
      if let problem = outbox.problemMessage {
        Component.errorBanner(
          KeyMap.withSendRemedy(problem, unsent: !outbox.unsent.isEmpty, refused: outbox.refusedText != nil))
      }
      if let loadError = room.failure {
        let purpose = room.hasLoaded ? "follow the room again" : "try again"
        Component.errorBanner("\(loadError) \(KeyMap.reload.hint(purpose, keys: false))")
      }
      if let olderFailure = room.olderFailure {
        Component.errorBanner("\(olderFailure) \(KeyMap.older.hint("try again", keys: false))")
      }
      if let unsent = outbox.unsentSummary { Component.notice(unsent) }
      if let failure = state.deletionFailure { Component.errorBanner(failure) }
      Component.divider
      if let deleting = state.deleting {
        Component.notice("Delete your broadcast \"\(deleting.text)\"? It goes from every fan's room.")
        Component.menu(YesOrNo.menu(yes: "Yes, delete it", no: "No, keep it"))
        Component.prompt("Delete? (y/n)")
      } else {
        Component.text(
          "Type a broadcast and press Enter (up to \(MessageRules.maxLength) characters)."
            + (room.isLive ? " New replies appear here." : ""),
          style: .dim)
        Component.menu(
          outbox.unsent.isEmpty
            ? [Self.reload, Self.older, Self.delete]
            : [Self.retry, Self.discard, Self.reload, Self.older, Self.delete])
        Component.prompt("Broadcast", characterLimit: MessageRules.maxLength, keeping: outbox.refusedText)
      }
    }
  }

  /// The action that `input` means in the room.
  public func action(for input: InputEvent, in state: Room.State) -> Room.Action? {
    if state.deleting != nil {
      return YesOrNo(input).map { $0 == .yes ? .view(.deleteConfirmed) : .view(.deleteCancelled) }
    }
    if state.search != nil {
      return SearchResults.action(
        for: input, back: .view(.searchClosed), older: .view(.olderMatchesTapped),
        search: { .view(.searchTapped($0)) })
    }
    if let text = KeyMap.search.argument(of: input) { return .view(.searchTapped(text)) }
    if KeyMap.reload.matches(input, keys: false) { return .view(.reloadTapped) }
    if KeyMap.delete.matches(input, keys: false) { return .view(.deleteTapped(nil)) }
    // `/retry` and `/discard` mean something only while broadcasts are kept (and `/help` says so).
    if !state.outbox.unsent.isEmpty {
      if KeyMap.retry.matches(input, keys: false) { return .view(.retryTapped) }
      if case .command(name: "discard", _) = input { return .view(.discardTapped) }
    }
    // PageUp reaches the view once the oldest message read is shown: read the page before it.
    if KeyMap.older.matches(input, keys: false) || input == .key(.pageUp) { return .view(.olderTapped) }
    guard let text = input.text, !text.trimmingWhitespace().isEmpty else { return nil }
    return .view(.sendTapped(text))
  }

  private func row(_ message: Message, startsUnread: Bool = false, highlight: String? = nil) -> ListItem {
    let sender =
      switch message.kind {
      case .broadcast: "You"
      case .reply: "<- \(message.senderDisplayName) (@\(message.senderUsername))"
      }
    return ListItem(
      message.text, label: sender, detail: MessageTime.format(message.sentAt, in: timeZone),
      marker: startsUnread ? ListItem.unreadStart : nil, highlight: highlight)
  }
}
