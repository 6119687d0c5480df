/// A confirmation dialog as a value: a choice among actions, often with one destructive button.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(
///   title: "Leave the room?",
///   buttons: [.destructive("Leave", action: .leave), .cancel("Stay")]
/// )
/// ```
public struct ConfirmationDialogState<Action>: EphemeralState {
  /// Whether a renderer shows the title.
  public enum TitleVisibility: Sendable, Hashable {
    /// Shown.
    case visible
    /// Hidden; the buttons speak for themselves.
    case hidden
  }

  /// The title.
  public var title: String
  /// Whether the title is shown.
  public var titleVisibility: TitleVisibility
  /// More detail, if any.
  public var message: String?
  /// The choices in order.
  public var buttons: [ButtonState<Action>]

  /// Creates a dialog.
  public init(
    title: String, titleVisibility: TitleVisibility = .visible, message: String? = nil,
    buttons: [ButtonState<Action>]
  ) {
    self.title = title
    self.titleVisibility = titleVisibility
    self.message = message
    self.buttons = buttons
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
