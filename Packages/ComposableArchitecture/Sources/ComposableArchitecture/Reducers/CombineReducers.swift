/// Groups reducers so that a modifier such as ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``
/// applies to all of them.
///
/// ```swift
/// CombineReducers {
///   Reduce { state, action in … }
///   Scope(state: \.profile, action: \.profile) { Profile() }
/// }
/// .ifLet(\.$alert, action: \.alert)
/// ```
public struct CombineReducers<State, Action: Sendable, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline let run: ReduceFunction<State, Action>

  /// Creates a reducer that runs the given reducers in order.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.run = ReduceFunction(build())
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    run(&state, action)
  }
}

extension CombineReducers: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}
