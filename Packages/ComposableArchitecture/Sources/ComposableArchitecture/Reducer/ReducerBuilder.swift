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
    @usableFromInline let first: R0
    @usableFromInline let second: R1

    @inlinable init(first: R0, second: R1) {
      self.first = first
      self.second = second
    }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      first.reduce(into: &state, action: action).merge(with: second.reduce(into: &state, action: action))
    }
  }

  /// A reducer that runs only when an `if` without `else` in the body was true.
  public struct OptionalReducer<Wrapped: Reducer<State, Action>>: Reducer {
    @usableFromInline let wrapped: Wrapped?

    @inlinable init(wrapped: Wrapped?) { self.wrapped = wrapped }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      wrapped?.reduce(into: &state, action: action) ?? .none
    }
  }

  /// One of two reducers, chosen by an `if`/`else` or `switch` in the body.
  public enum Conditional<First: Reducer<State, Action>, Second: Reducer<State, Action>>: Reducer {
    case first(First)
    case second(Second)

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch self {
      case .first(let first): first.reduce(into: &state, action: action)
      case .second(let second): second.reduce(into: &state, action: action)
      }
    }
  }

  /// Reducers made by a `for` loop in the body, run in order.
  public struct ArrayReducer<Element: Reducer<State, Action>>: Reducer {
    @usableFromInline let reducers: [Element]

    @inlinable init(reducers: [Element]) { self.reducers = reducers }

    @inlinable
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      reducers.reduce(Effect.none) { $0.merge(with: $1.reduce(into: &state, action: action)) }
    }
  }
}
