/// Applies a feature's binding actions to its state.
///
/// Put it first in the body so that the rest of the feature sees the new value, and reacts to
/// it with `onChange(of:)` or by handling `.binding` itself:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
///
/// A feature whose bindings come from its view's actions (TCA's `ViewAction` pattern) names
/// them: `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action: Sendable, ViewAction: BindableAction>: Reducer
where ViewAction.State == State {
  let toViewAction: @Sendable (Action) -> ViewAction?

  /// Applies the binding actions of the feature's own `Action`.
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
  }

  /// Applies the binding actions found in the case `toViewAction` of the feature's action.
  ///
  /// ```swift
  /// BindingReducer(action: \.view)
  /// ```
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>)
  where Action: SendableMetatype {
    let casePath = AnyCasePath(toViewAction)
    self.toViewAction = { casePath.extract(from: $0) }
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toViewAction(action)?.binding?.apply(to: &state)
    return .none
  }
}
