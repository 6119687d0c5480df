/// Builds a reducer from the reducers listed in a ``Reducer/body``: they run one after another
/// in the order written, and their effects are merged.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R { first }

  @inlinable
  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> Sequence<R0, R1> {
    Sequence(first: accumulated, second: next)
  }

  @inlinable
  public static func buildOptional<R: Reducer<State, Action>>(_ reducer: R?) -> OptionalReducer<R> {
    OptionalReducer(wrapped: reducer)
  }

  @inlinable
  public static func buildEither<First: Reducer<State, Action>, Second: Reducer<State, Action>>(
    first reducer: First
  ) -> Conditional<First, Second> {
    .first(reducer)
  }

  @inlinable
  public static func buildEither<First: Reducer<State, Action>, Second: Reducer<State, Action>>(
    second reducer: Second
  ) -> Conditional<First, Second> {
    .second(reducer)
  }

  @inlinable
  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> ArrayReducer<R> {
    ArrayReducer(reducers: reducers)
  }

  @inlinable
  public static func buildLimitedAvailability<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  /// Two reducers run in order; their effects are merged.
  public struct Sequence<R0: Reducer<State, Action>, R1: Reducer<State, Action>>: Reducer {
    @usableFromInline let run: ReduceFunction<State, Action>

    @inlinable init(first: R0, second: R1) {
      // Resolved once, so that a whole feature listed in a body is not rebuilt on every action.
      let (first, second) = (ReduceFunction(first), ReduceFunction(second))
      run = ReduceFunction { state, action in
        first(&state, action).merge(with: second(&state, action))
      }
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      run(&state, action)
    }
  }

  /// A reducer that runs only when an `if` without `else` in the body was true.
  public struct OptionalReducer<Wrapped: Reducer<State, Action>>: Reducer {
    @usableFromInline let run: ReduceFunction<State, Action>?

    @inlinable init(wrapped: Wrapped?) { run = wrapped.map { ReduceFunction($0) } }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      run?(&state, action) ?? .none
    }
  }

  /// One of two reducers, chosen by an `if`/`else` or `switch` in the body.
  public struct Conditional<First: Reducer<State, Action>, Second: Reducer<State, Action>>: Reducer {
    @usableFromInline let run: ReduceFunction<State, Action>

    @inlinable static func first(_ reducer: First) -> Self { Self(run: ReduceFunction(reducer)) }
    @inlinable static func second(_ reducer: Second) -> Self { Self(run: ReduceFunction(reducer)) }
    @inlinable init(run: ReduceFunction<State, Action>) { self.run = run }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      run(&state, action)
    }
  }

  /// Reducers made by a `for` loop in the body, run in order.
  public struct ArrayReducer<Element: Reducer<State, Action>>: Reducer {
    @usableFromInline let runs: [ReduceFunction<State, Action>]

    @inlinable init(reducers: [Element]) { runs = reducers.map { ReduceFunction($0) } }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      runs.reduce(Effect.none) { $0.merge(with: $1(&state, action)) }
    }
  }
}

extension ReducerBuilder.Sequence: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}

extension ReducerBuilder.Conditional: PrebuiltReducer {
  @usableFromInline var reduceFunction: Any { run }
}
