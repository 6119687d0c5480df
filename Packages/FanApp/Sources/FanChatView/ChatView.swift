import CommonDataModels
import CommonKit
import FanChat
import Foundation
import FrommUI
import MessageDataModels

/// A room: messages oldest first (the artist's by name, the fan's own as "You"), each with when it
/// was sent, then the reply line, which counts the characters typed against the limit. Any line
/// is a reply (one over the limit comes back to be shortened); `/back` (or Escape), `/retry` and
/// `/reload` from ``KeyMap`` are commands, never single keys.
public struct ChatView: TerminalView {
  /// The time zone message times are shown in.
  public var timeZone: TimeZone

  /// Creates the view, showing times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// Loads the room and follows new messages when the screen appears.
  public var startAction: ChatFeature.Action? { .view(.task) }

  /// How many of the newest messages the screen shows; older ones are counted above them.
  public static let maxRows = 30

  static let commands = [
    KeyMap.back.menuCommand(keys: false, title: "Leave the room"),
    KeyMap.retry.menuCommand(keys: false, title: "Send the kept reply again"),
    KeyMap.reload.menuCommand(keys: false),
  ]

  /// The screen for `state`.
  public func render(_ state: ChatFeature.State) -> Screen {
    Screen {
      Component.header(
        "\(state.artistName) (@\(state.artistUsername))",
        subtitle: "Your replies are seen by \(state.artistName) only")
      if state.messages.isEmpty {
        if !state.isLoading { Component.empty("No messages yet") }
      } else {
        let hidden = max(state.messages.count - Self.maxRows, 0)
        if hidden > 0 {
          Component.text("… \(hidden) older \(hidden == 1 ? "message" : "messages")", style: .dim)
        }
        // Oldest first: on a small window the header and the newest messages stay.
        Component.log(state.messages.dropFirst(hidden).map { row($0, myId: state.myId) })
      }
      if state.isLoading { Component.progress("Loading messages") }
      if let interruption = state.interruption { Component.notice(interruption) }
      if let failure = state.room.failure {
        let purpose = state.room.hasLoaded ? "follow the room again" : "try again"
        Component.errorBanner("\(failure) \(KeyMap.reload.hint(purpose, keys: false))")
      }
      if let problem = state.outbox.problemMessage {
        Component.errorBanner(
          Self.withRemedy(
            problem, unsent: state.outbox.unsent != nil, refused: state.outbox.refusedText != nil))
      }
      if let unsent = state.outbox.unsent, !state.outbox.isSending {
        Component.notice("Unsent reply: \(unsent)")
      }
      if state.outbox.isSending { Component.progress("Sending") }
      Component.text("Type a reply and press Enter (at most \(MessageRules.maxLength) characters).")
      Component.menu(Self.commands)
      Component.prompt("Reply", characterLimit: MessageRules.maxLength, keeping: state.outbox.refusedText)
    }
  }

  /// The outbox's words for its problem, and what to type about it: `/retry` for a message kept
  /// after sending failed, Enter again for one kept to be shortened.
  static func withRemedy(_ words: String, unsent: Bool, refused: Bool) -> String {
    if unsent { return "\(words) \(KeyMap.retry.hint("send it again", keys: false))" }
    if refused { return "\(words) Then press Enter again." }
    return words
  }

  private func row(_ message: Message, myId: AccountID) -> ListItem {
    let sender = message.senderId == myId ? "You" : message.senderDisplayName
    return ListItem("\(sender): \(message.text)", detail: MessageTime.format(message.sentAt, in: timeZone))
  }

  /// The action that `input` means in the room.
  public func action(for input: InputEvent, in state: ChatFeature.State) -> ChatFeature.Action? {
    if KeyMap.back.matches(input, keys: false) { return .view(.backTapped) }
    if KeyMap.retry.matches(input, keys: false) { return .view(.retryTapped) }
    if KeyMap.reload.matches(input, keys: false) { return .view(.reloadTapped) }
    if case .line(let text) = input { return .view(.sendTapped(text)) }
    return nil
  }
}
