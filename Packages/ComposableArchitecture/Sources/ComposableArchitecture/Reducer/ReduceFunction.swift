/// A reducer's work as a function, for reducers that hold children.
///
/// A `body` is a computed property: asking for it on every action rebuilds the reducer tree,
/// and each case key path in it (`action: \.child`) is instantiated by the runtime again, which
/// costs microseconds. Children are therefore resolved once, when their parent is built: a
/// `body`-based reducer is replaced by its body. A reducer's `body` must not depend on anything
/// that changes between actions (TCA's rule as well); read dependencies inside `Reduce`.
///
/// The library's composing reducers (`Scope`, `ifLet`, `forEach`, …) are generic and live in
/// this module, so code reached through their `reduce` is not specialized for a feature's types
/// and looks up generic metadata on every action. They therefore build their function in an
/// inlinable initializer, which the compiler specializes in the feature's module, and hand it
/// over as a ``PrebuiltReducer``.
@usableFromInline
struct ReduceFunction<State, Action: Sendable>: Sendable {
  @usableFromInline let run: @Sendable (inout State, Action) -> Effect<Action>

  @inlinable
  init(_ run: @escaping @Sendable (inout State, Action) -> Effect<Action>) {
    self.run = run
  }

  @inlinable
  init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    if let prebuilt = reducer as? any PrebuiltReducer,
      let function = prebuilt.reduceFunction as? ReduceFunction
    {
      self = function
    } else if ObjectIdentifier(R.Body.self) != ObjectIdentifier(Never.self),
      let body = reducer.body as? any Reducer<State, Action>
    {
      self = Self.resolving(body)
    } else {
      run = { reducer.reduce(into: &$0, action: $1) }
    }
  }

  @usableFromInline
  static func resolving<Body: Reducer<State, Action>>(_ body: Body) -> Self {
    ReduceFunction(body)
  }

  @inlinable
  func callAsFunction(_ state: inout State, _ action: Action) -> Effect<Action> {
    run(&state, action)
  }
}

/// A reducer that built its ``ReduceFunction`` when it was made, specialized for its types.
@usableFromInline
protocol PrebuiltReducer {
  /// The reducer's `ReduceFunction<State, Action>`, type-erased because this protocol has no
  /// associated types (a cast to it must not need any).
  var reduceFunction: Any { get }
}
