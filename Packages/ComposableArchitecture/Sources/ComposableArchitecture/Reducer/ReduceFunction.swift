/// A reducer's work as a function, for reducers that hold children.
///
/// A `body` is a computed property: asking for it on every action rebuilds the reducer tree,
/// and each case key path in it (`action: \.child`) is instantiated by the runtime again, which
/// costs microseconds. Children are therefore resolved once, when their parent is built: a
/// `body`-based reducer is replaced by its body. A reducer's `body` must not depend on anything
/// that changes between actions (TCA's rule as well); read dependencies inside `Reduce`.
///
/// A feature may contain itself (`.forEach(\.rows, action: \.rows) { Self() }`, TCA's Recursion
/// case study, or an `ifLet`/`ifCaseLet` of `Self`): resolving its body would then resolve the same
/// body again without end. A body met again while it is being resolved is therefore resolved on its
/// first action instead (``LazyReduceFunction``), so only a recursive edge pays for the laziness.
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
    } else if ObjectIdentifier(R.Body.self) != ObjectIdentifier(Never.self) {
      self = Self.resolvingBody(of: reducer)
    } else {
      run = { reducer.reduce(into: &$0, action: $1) }
    }
  }

  /// The function of `reducer`'s body, or, when that body is already being resolved further up
  /// (a feature that contains itself), a function that resolves it on its first action.
  @usableFromInline
  static func resolvingBody<R: Reducer<State, Action>>(of reducer: R) -> Self {
    let type = ObjectIdentifier(R.self)
    let resolving = BodyResolution.current
    if resolving.contains(type) {
      let lazy = LazyReduceFunction(reducer)
      return ReduceFunction { lazy(&$0, $1) }
    }
    return BodyResolution.$current.withValue(resolving + [type]) {
      if let body = reducer.body as? any Reducer<State, Action> {
        return Self.resolving(body)
      }
      return ReduceFunction { reducer.reduce(into: &$0, action: $1) }
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

/// The reducer types whose bodies are being resolved on this task, outermost first.
enum BodyResolution {
  @TaskLocal static var current: [ObjectIdentifier] = []
}

/// A reducer that built its ``ReduceFunction`` when it was made, specialized for its types.
@usableFromInline
protocol PrebuiltReducer {
  /// The reducer's `ReduceFunction<State, Action>`, type-erased because this protocol has no
  /// associated types (a cast to it must not need any).
  var reduceFunction: Any { get }
}
