import Foundation

/// An alert as a value: title, message and buttons, each button carrying the action it sends.
///
/// Alerts are state like any other, so tests assert them exactly:
///
/// ```swift
/// state.alert = AlertState(
///   title: "Sign out?",
///   message: "You will need your password to sign in again.",
///   buttons: [.destructive("Sign out", action: .confirmSignOut), .cancel("Cancel")]
/// )
/// ```
///
/// Present it with `@PresentationState var alert: AlertState<Action.Alert>?` and
/// `.ifLet(\.$alert, action: \.alert)`; choosing any button dismisses it, unless the parent
/// presents another alert while handling the button, as in TCA: each alert has its own ``id``.
public struct AlertState<Action>: EphemeralState, Identifiable {
  /// This alert's identity, new for each alert made; not part of its equality or its dump.
  public let id: UUID
  /// The headline.
  public var title: String
  /// More detail, if any.
  public var message: String?
  /// The buttons in order; an alert with none shows a single "OK" that dismisses it.
  public var buttons: [ButtonState<Action>]

  /// Creates an alert.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.init(id: UUID(), title: title, message: message, buttons: buttons)
  }

  init(id: UUID, title: String, message: String?, buttons: [ButtonState<Action>]) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The same alert with button actions transformed, to reuse one alert in another feature.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      id: id, title: title, message: message,
      buttons: buttons.map { button in
        ButtonState<NewAction>(button.label, role: button.role, action: button.action.map(transform))
      })
  }
}

extension AlertState: Equatable where Action: Equatable {
  /// Whether the two alerts read the same; their ids are not compared.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  /// Hashes what the alert reads, not its id.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}

extension AlertState: CustomReflectable {
  /// What dumps and diffs show: everything but the id, since two alerts that read the same
  /// are equal.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["title": title, "message": message as Any, "buttons": buttons], displayStyle: .struct)
  }
}
extension AlertState: Sendable where Action: Sendable {}
