import ArtiRoom
import CommonKit
import Foundation
import FrommUI
import MessageDataModels

/// The room in the terminal: every line typed is a broadcast; `/retry` sends a broadcast that
/// failed again; `/reload` reads the room again (commands from ``KeyMap``, never single keys).
///
/// Messages are listed newest first, each with who sent it and when. Older messages are further
/// down: PageDown (or `/older`) pages to them, reading older ones from the server once the oldest
/// read is shown; PageUp pages back towards the newest, and replies that arrive meanwhile are
/// announced above the rows. The prompt counts the
/// characters typed against the limit, and a broadcast over it comes back to be shortened.
public struct RoomView: TerminalView {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The rows, newest first.
    public var rows: [ListItem]
    /// How many older messages read are below the rows (PageDown shows them).
    public var olderCount: Int
    /// How many newer messages are above the rows (PageUp shows them).
    public var newerCount: Int
    /// How many of those arrived while the artist was paging back.
    public var newCount: Int
    /// Whether older messages than those read are on the server.
    public var hasOlder: Bool
    /// Whether an older page is being read.
    public var isLoadingOlder: Bool
    /// Whether the room has been read once.
    public var hasLoaded: Bool
    /// Whether the first read is in flight.
    public var isLoading: Bool
    /// Whether a broadcast is being sent.
    public var isSending: Bool
    /// Whether new replies are being received.
    public var isLive: Bool
    /// Why new replies are not arriving right now, while the room keeps trying.
    public var notice: String?
    /// Problems to show, in order.
    public var errors: [String]
    /// The broadcast kept after sending it failed, waiting for `/retry`.
    public var unsent: String?
    /// The broadcast refused for its length, which goes back into the line to be shortened.
    public var refused: String?
  }

  /// What the user can do here.
  public enum Action: Equatable, Sendable {
    /// The screen appeared (run alone; home starts the room itself).
    case appeared
    /// A line was typed: a broadcast.
    case broadcastSubmitted(String)
    /// `/reload`.
    case reloadTapped
    /// `/retry`: send the kept broadcast again.
    case retryTapped
    /// `/older` or PageDown (older messages are further down).
    case olderTapped
    /// PageUp: back towards the newest.
    case newerTapped
  }

  /// Shown in the menu; typed as a slash command so that a letter alone can be broadcast.
  static let reload = KeyMap.reload.menuCommand(keys: false)
  /// Shown in the menu while a broadcast is kept after sending it failed.
  static let retry = KeyMap.retry.menuCommand(keys: false, title: "Send the kept broadcast again")
  /// Shown in the menu: reads older messages, as PageDown does.
  static let older = MenuCommand("/older", "Older (PageDown)")

  /// The time zone message times are shown in.
  public var timeZone: TimeZone

  /// Creates the view, showing times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// The view state of the feature's `state`.
  public func viewState(_ state: RoomFeature.State) -> State {
    let room = state.room
    var errors: [String] = []
    if let problem = state.outbox.problemMessage {
      errors.append(
        KeyMap.withSendRemedy(
          problem, unsent: state.outbox.unsent != nil, refused: state.outbox.refusedText != nil)
      )
    }
    if let loadError = state.loadError {
      let purpose = state.hasLoaded ? "follow the room again" : "try again"
      errors.append("\(loadError) \(KeyMap.reload.hint(purpose, keys: false))")
    }
    if let olderFailure = room.olderFailure {
      errors.append("\(olderFailure) \(KeyMap.older.hint("try again", keys: false))")
    }
    return State(
      rows: room.window.reversed().map(row), olderCount: room.olderAbove, newerCount: room.newerBelow,
      newCount: room.newBelow, hasOlder: room.hasOlder, isLoadingOlder: room.isLoadingOlder,
      hasLoaded: state.hasLoaded, isLoading: state.isLoading,
      isSending: state.outbox.isSending, isLive: state.isLive, notice: state.interruption, errors: errors,
      unsent: state.outbox.isSending ? nil : state.outbox.unsent, refused: state.outbox.refusedText)
  }

  /// The view shown for the feature's state and sending the feature's actions.
  public var feature: ScopedView<RoomView, RoomFeature.State, RoomFeature.Action> {
    scope(state: viewState, action: RoomFeature.Action.init)
  }

  /// Reads the room and subscribes to new replies when the screen is run on its own.
  public var startAction: Action? { .appeared }

  public func render(_ state: State) -> Screen {
    Screen {
      Component.header("Your room", subtitle: "Broadcasts go to every subscriber; replies are private")
      if state.isLoading {
        Component.progress("Reading the room")
      } else if state.rows.isEmpty && state.hasLoaded {
        Component.empty("No messages yet. Write the first broadcast below.")
      } else {
        if state.newCount > 0 {
          Component.notice(
            "\(state.newCount) new \(state.newCount == 1 ? "message" : "messages") above: PageUp to read")
        } else if state.newerCount > 0 {
          Component.text("… \(state.newerCount) newer above (PageUp)", style: .dim)
        }
        // Newest first: on a small window the header and the newest replies stay, older ones give way.
        Component.log(state.rows, newestFirst: true)
        if state.olderCount > 0 {
          Component.text("… and \(state.olderCount) older (PageDown)", style: .dim)
        } else if state.isLoadingOlder {
          Component.progress("Loading older messages")
        } else if state.hasOlder {
          Component.text("… older messages (PageDown or /older)", style: .dim)
        }
      }
      if state.isSending { Component.progress("Sending") }
      if let notice = state.notice { Component.notice(notice) }
      for error in state.errors { Component.errorBanner(error) }
      if let unsent = state.unsent { Component.notice("Unsent broadcast: \(unsent)") }
      Component.divider
      Component.text(
        "Type a broadcast and press Enter (up to \(MessageRules.maxLength) characters)."
          + (state.isLive ? " New replies appear here." : ""),
        style: .dim)
      Component.menu(
        state.unsent == nil ? [Self.reload, Self.older] : [Self.retry, Self.reload, Self.older])
      Component.prompt("Broadcast", characterLimit: MessageRules.maxLength, keeping: state.refused)
    }
  }

  public func action(for input: InputEvent, in state: State) -> Action? {
    if KeyMap.reload.matches(input, keys: false) { return .reloadTapped }
    if KeyMap.retry.matches(input, keys: false) { return .retryTapped }
    if KeyMap.older.matches(input, keys: false) || input == .key(.pageDown) { return .olderTapped }
    if input == .key(.pageUp) { return .newerTapped }
    guard let text = input.text, !text.trimmingWhitespace().isEmpty else { return nil }
    return .broadcastSubmitted(text)
  }

  private func row(_ message: Message) -> ListItem {
    let when = MessageTime.format(message.sentAt, in: timeZone)
    switch message.kind {
    case .broadcast:
      return ListItem("You: \(message.text)", detail: when)
    case .reply:
      return ListItem(
        "<- \(message.senderDisplayName) (@\(message.senderUsername)): \(message.text)", detail: when)
    }
  }

}

extension RoomFeature.Action {
  /// The feature's action for what the user did on the screen.
  public init(_ action: RoomView.Action) {
    switch action {
    case .appeared: self = .task
    case .broadcastSubmitted(let text): self = .broadcastSubmitted(text)
    case .reloadTapped: self = .reloadTapped
    case .retryTapped: self = .retryTapped
    case .olderTapped: self = .olderTapped
    case .newerTapped: self = .newerTapped
    }
  }
}
