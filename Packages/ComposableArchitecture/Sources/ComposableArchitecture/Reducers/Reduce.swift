/// A reducer made from a closure; the building block of a feature's logic.
///
/// ```swift
/// Reduce { state, action in
///   switch action {
///   case .incrementButtonTapped:
///     state.count += 1
///     return .none
///   }
/// }
/// ```
public struct Reduce<State, Action: Sendable>: Reducer {
  @usableFromInline let run: @Sendable (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure.
  @inlinable
  public init(_ reduce: @escaping @Sendable (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.run = reduce
  }

  /// Erases the type of `reducer`.
  @inlinable
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.run = ReduceFunction(reducer).run
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}

extension Reduce: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { ReduceFunction(run) }
}
