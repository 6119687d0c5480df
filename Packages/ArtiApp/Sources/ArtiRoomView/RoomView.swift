import ArtiRoom
import CommonKit
import Foundation
import FrommUI
import MessageDataModels

/// The room in the terminal: every line typed is a broadcast; `/refresh` reads the room again.
///
/// Messages are listed newest first, each with who sent it and when.
public struct RoomView: TerminalView {
  /// What the screen shows.
  public struct State: Equatable, Sendable {
    /// The rows, newest first.
    public var rows: [ListItem]
    /// How many messages are not shown because the screen keeps only the newest.
    public var hiddenCount: Int
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
  }

  /// What the user can do here.
  public enum Action: Equatable, Sendable {
    /// The screen appeared (run alone; home starts the room itself).
    case appeared
    /// A line was typed: a broadcast.
    case broadcastSubmitted(String)
    /// `/refresh`.
    case refreshTapped
  }

  /// The most messages the screen lists.
  public static let maxRows = 30

  /// Shown in the menu; typed as a slash command so that the word itself can be broadcast.
  static let refresh = MenuCommand("/refresh", "Reload")

  /// The time zone message times are shown in.
  public var timeZone: TimeZone

  /// Creates the view, showing times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// The view state of the feature's `state`.
  public func viewState(_ state: RoomFeature.State) -> State {
    let newest = state.messages.reversed().prefix(Self.maxRows)
    var errors: [String] = []
    if let problem = state.draftProblem {
      let count = state.draft.count
      errors.append(
        "\(problem.message) This one has \(count) of \(MessageRules.maxLength) characters; shorten it and send again."
      )
    }
    if let sendError = state.sendError { errors.append(sendError) }
    if let loadError = state.loadError { errors.append(loadError) }
    return State(
      rows: newest.map(row), hiddenCount: state.messages.count - newest.count, hasLoaded: state.hasLoaded,
      isLoading: state.isLoading,
      isSending: state.isSending, isLive: state.isLive, notice: state.interruption, errors: errors)
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
        // Newest first: on a small window the header and the newest replies stay, older ones give way.
        Component.log(state.rows, newestFirst: true)
        if state.hiddenCount > 0 {
          Component.text("… and \(state.hiddenCount) older", style: .dim)
        }
      }
      if state.isSending { Component.progress("Sending") }
      if let notice = state.notice { Component.notice(notice) }
      for error in state.errors { Component.errorBanner(error) }
      Component.divider
      Component.text(
        "Type a broadcast and press Enter (up to \(MessageRules.maxLength) characters)."
          + (state.isLive ? " New replies appear here." : ""),
        style: .dim)
      Component.menu([Self.refresh])
      Component.prompt("Broadcast")
    }
  }

  public func action(for input: InputEvent, in state: State) -> Action? {
    if case .command("refresh", _) = input { return .refreshTapped }
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
    case .refreshTapped: self = .reloadTapped
    }
  }
}
