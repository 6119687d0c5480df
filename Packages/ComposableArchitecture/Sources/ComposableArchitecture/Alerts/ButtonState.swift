/// One button of an ``AlertState`` or ``ConfirmationDialogState``.
///
/// ```swift
/// .destructive("Sign out", action: .confirmSignOut)
/// .cancel("Keep me signed in")
/// ```
public struct ButtonState<Action> {
  /// What a button does; see ``ButtonRole``.
  public typealias Role = ButtonRole

  /// The button's text.
  public var label: String
  /// The button's role, if any.
  public var role: Role?
  /// The action sent when the button is chosen; `nil` only dismisses.
  public var action: Action?

  /// Creates a button.
  public init(_ label: String, role: Role? = nil, action: Action? = nil) {
    self.label = label
    self.role = role
    self.action = action
  }

  /// A button that does something that cannot be undone.
  public static func destructive(_ label: String, action: Action? = nil) -> Self {
    Self(label, role: .destructive, action: action)
  }

  /// A button that closes without doing anything (unless given an action).
  public static func cancel(_ label: String, action: Action? = nil) -> Self {
    Self(label, role: .cancel, action: action)
  }

  /// An ordinary button.
  public static func `default`(_ label: String, action: Action? = nil) -> Self {
    Self(label, action: action)
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// What a button does, so a renderer can style or place it.
public enum ButtonRole: Sendable, Hashable {
  /// Closes without doing anything.
  case cancel
  /// Does something that cannot be undone.
  case destructive
}
