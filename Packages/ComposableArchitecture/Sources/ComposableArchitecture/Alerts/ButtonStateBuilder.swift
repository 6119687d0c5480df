/// Builds the buttons of an ``AlertState`` or ``ConfirmationDialogState`` from a list of
/// ``ButtonState`` values, with `if`, `if`/`else` and `for` as in any builder.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// One button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }

  /// The buttons of each statement, in order.
  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }

  /// The buttons of an `if` whose condition held, or none.
  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }

  /// The buttons of an `if`'s first branch.
  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of an `if`'s `else` branch.
  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }

  /// The buttons of every pass of a `for` loop.
  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}

extension AlertState {
  /// Creates an alert with TCA's builder syntax.
  ///
  /// ```swift
  /// state.alert = AlertState {
  ///   TextState("Sign out?")
  /// } actions: {
  ///   ButtonState(role: .destructive, action: .confirmSignOut) { TextState("Sign out") }
  ///   ButtonState(role: .cancel) { TextState("Cancel") }
  /// } message: {
  ///   TextState("You will need your password to sign in again.")
  /// }
  /// ```
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(title: title().string, message: message?().string, buttons: actions())
  }
}

extension ConfirmationDialogState {
  /// Creates a dialog with TCA's builder syntax.
  ///
  /// ```swift
  /// state.dialog = ConfirmationDialogState {
  ///   TextState("Leave the room?")
  /// } actions: {
  ///   ButtonState(role: .destructive, action: .leave) { TextState("Leave") }
  ///   ButtonState(role: .cancel) { TextState("Stay") }
  /// }
  /// ```
  public init(
    titleVisibility: TitleVisibility = .visible,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      title: title().string, titleVisibility: titleVisibility, message: message?().string,
      buttons: actions())
  }
}

extension ButtonState {
  /// Creates a button with TCA's builder syntax:
  /// `ButtonState(role: .destructive, action: .delete) { TextState("Delete") }`.
  public init(role: Role? = nil, action: Action? = nil, label: () -> TextState) {
    self.init(label().string, role: role, action: action)
  }
}
