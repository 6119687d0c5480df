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
public struct BindingReducer<State, Action: BindableAction>: Reducer where Action.State == State {
  /// Creates the reducer.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.apply(to: &state)
    return .none
  }
}
