/// An action with a case for what its view sends, as TCA's `ViewAction`: the view's actions
/// stay apart from the effects' responses and the parent's delegate actions.
///
/// ```swift
/// enum Action: ViewAction, CasePathable {
///   case view(View)
///   case searchResponse([String])
///   enum View: BindableAction { … }
/// }
/// store.send(view: .searchTapped)  // the same as store.send(.view(.searchTapped))
/// ```
public protocol ViewAction<ViewAction>: Sendable {
  /// What the view sends.
  associatedtype ViewAction: Sendable
  /// Wraps a view action.
  static func view(_ action: ViewAction) -> Self
}

extension Store where Action: ViewAction {
  /// Sends a view action, wrapped in `.view`.
  @discardableResult
  public func send(view action: Action.ViewAction) -> StoreTask {
    send(.view(action))
  }
}
