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
/// `.ifLet(\.$alert, action: \.alert)`; choosing any button dismisses it.
public struct AlertState<Action>: EphemeralState {
  /// The headline.
  public var title: String
  /// More detail, if any.
  public var message: String?
  /// The buttons in order; an alert with none shows a single "OK" that dismisses it.
  public var buttons: [ButtonState<Action>]

  /// Creates an alert.
  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The same alert with button actions transformed, to reuse one alert in another feature.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    AlertState<NewAction>(
      title: title, message: message,
      buttons: buttons.map { button in
        ButtonState<NewAction>(button.label, role: button.role, action: button.action.map(transform))
      })
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
