/// A reducer's work as a function, for reducers that hold children.
///
/// A `body` is a computed property: asking for it on every action rebuilds the reducer tree,
/// and each case key path in it (`action: \.child`) is instantiated by the runtime again, which
/// costs microseconds. Children are therefore resolved once, when their parent is built: a
/// `body`-based reducer is replaced by its body. A reducer's `body` must not depend on anything
/// that changes between actions (TCA's rule as well); read dependencies inside `Reduce`.
@usableFromInline
struct ReduceFunction<State, Action: Sendable>: Sendable {
  @usableFromInline let run: @Sendable (inout State, Action) -> Effect<Action>

  @usableFromInline
  init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    if ObjectIdentifier(R.Body.self) != ObjectIdentifier(Never.self),
      let body = reducer.body as? any Reducer<State, Action>
    {
      self = Self.resolving(body)
    } else {
      run = { reducer.reduce(into: &$0, action: $1) }
    }
  }

  private static func resolving<Body: Reducer<State, Action>>(_ body: Body) -> Self {
    ReduceFunction(body)
  }

  @inlinable
  func callAsFunction(_ state: inout State, _ action: Action) -> Effect<Action> {
    run(&state, action)
  }
}
