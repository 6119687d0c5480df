import ComposableArchitecture

extension AlertState: AlertContentConvertible {
  /// The alert as FrommUI draws it.
  public var alertContent: AlertContent {
    AlertContent(title: title, message: message, buttons: buttons.map(\.content), style: .alert)
  }
}

extension AlertState where Action: Sendable {
  /// What the user's answer to this alert means to the feature presenting it: the chosen
  /// button's action, or `.dismiss` for a button without one; `nil` when the input picks no
  /// button.
  ///
  /// ```swift
  /// if let alert = state.alert { return alert.response(to: input).map(Action.alert) }
  /// ```
  public func response(to input: InputEvent) -> PresentationAction<Action>? {
    alertContent.buttonIndex(for: input).map { responseForButton(at: $0, in: buttons) }
  }
}

extension ConfirmationDialogState: AlertContentConvertible {
  /// The dialog as FrommUI draws it.
  public var alertContent: AlertContent {
    AlertContent(
      title: titleVisibility == .visible ? title : "", message: message,
      buttons: buttons.map(\.content), style: .confirmationDialog)
  }
}

extension ConfirmationDialogState where Action: Sendable {
  /// What the user's answer means to the presenting feature; see ``AlertState/response(to:)``.
  public func response(to input: InputEvent) -> PresentationAction<Action>? {
    alertContent.buttonIndex(for: input).map { responseForButton(at: $0, in: buttons) }
  }
}

/// The implicit "OK" shown for an alert without buttons (index 0) only dismisses.
private func responseForButton<Action: Sendable>(
  at index: Int, in buttons: [ButtonState<Action>]
)
  -> PresentationAction<Action>
{
  guard buttons.indices.contains(index), let action = buttons[index].action else { return .dismiss }
  return .presented(action)
}

extension ButtonState {
  fileprivate var content: AlertContent.Button {
    let role: AlertContent.Button.Role? =
      switch role {
      case .cancel: .cancel
      case .destructive: .destructive
      case nil: nil
      }
    return AlertContent.Button(label, role: role)
  }
}
