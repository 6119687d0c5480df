import CommonDataModels
import CommonKit
import FanChat
import Foundation
import FrommUI
import MessageDataModels

/// A room: messages oldest first (the artist's by name, the fan's own as "You"), each with when it
/// was sent, then the reply line, which counts the characters typed against the limit. Any line
/// is a reply (one over the limit comes back to be shortened); `/back`, `/retry` and `/reload`
/// are commands.
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
    MenuCommand("/back", "Leave the room"), MenuCommand("/retry", "Send the kept reply again"),
    MenuCommand("/reload", "Reload"),
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
      if let failure = state.room.failure { Component.errorBanner(failure) }
      if let problem = state.outbox.problemMessage { Component.errorBanner(problem) }
      if let unsent = state.outbox.unsent, !state.outbox.isSending {
        Component.notice("Unsent reply: \(unsent)")
      }
      if state.outbox.isSending { Component.progress("Sending") }
      Component.text("Type a reply and press Enter (at most \(MessageRules.maxLength) characters).")
      Component.menu(Self.commands)
      Component.prompt("Reply", characterLimit: MessageRules.maxLength, keeping: state.outbox.refusedText)
    }
  }

  private func row(_ message: Message, myId: AccountID) -> ListItem {
    let sender = message.senderId == myId ? "You" : message.senderDisplayName
    return ListItem("\(sender): \(message.text)", detail: MessageTime.format(message.sentAt, in: timeZone))
  }

  /// The action that `input` means in the room.
  public func action(for input: InputEvent, in state: ChatFeature.State) -> ChatFeature.Action? {
    switch input {
    case .command("back", _), .key(.escape): .view(.backTapped)
    case .command("retry", _): .view(.retryTapped)
    case .command("reload", _): .view(.reloadTapped)
    case .line(let text): .view(.sendTapped(text))
    default: nil
    }
  }
}
