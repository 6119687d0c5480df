extension Reducer {
  /// Runs `reducer` whenever this reducer changed the value at `toValue`, with the old and new
  /// values.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.username) { oldValue, newValue in
  ///     Reduce { state, _ in
  ///       state.inputState = .checking
  ///       return .none
  ///     }
  ///   }
  /// ```
  public func onChange<Value: Equatable & SendableMetatype, Change: Reducer<State, Action>>(
    of toValue: KeyPath<State, Value> & Sendable,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Change
  ) -> OnChangeReducer<Self, Value, Change> {
    onChange(of: toValue, removeDuplicates: { $0 == $1 }, reducer)
  }

  /// Runs `reducer` whenever this reducer changed the value at `toValue`, as `isDuplicate`
  /// judges it: for values that are not `Equatable`, or to react to one part of a value only.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .onChange(of: \.draft, removeDuplicates: { $0.text == $1.text }) { _, draft in
  ///     Reduce { state, _ in
  ///       state.isSaved = false
  ///       return .none
  ///     }
  ///   }
  /// ```
  public func onChange<Value, Change: Reducer<State, Action>>(
    of toValue: KeyPath<State, Value> & Sendable,
    removeDuplicates isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Change
  ) -> OnChangeReducer<Self, Value, Change> {
    onChange(of: { $0[keyPath: toValue] }, removeDuplicates: isDuplicate, reducer)
  }

  /// Runs `reducer` whenever the value `toValue` computes from the state changed, as TCA's
  /// `onChange(of:)` taking a closure: `.onChange(of: { $0.query.lowercased() }) { … }`.
  public func onChange<Value: Equatable & SendableMetatype, Change: Reducer<State, Action>>(
    of toValue: @escaping @Sendable (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Change
  ) -> OnChangeReducer<Self, Value, Change> {
    onChange(of: toValue, removeDuplicates: { $0 == $1 }, reducer)
  }

  /// Runs `reducer` whenever the value `toValue` computes from the state changed, as
  /// `isDuplicate` judges it.
  public func onChange<Value, Change: Reducer<State, Action>>(
    of toValue: @escaping @Sendable (State) -> Value,
    removeDuplicates isDuplicate: @escaping @Sendable (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Change
  ) -> OnChangeReducer<Self, Value, Change> {
    OnChangeReducer(
      runBase: ReduceFunction(self), toValue: toValue, isDuplicate: isDuplicate, change: reducer)
  }
}

/// The reducer made by the `onChange(of:…)` modifiers.
public struct OnChangeReducer<Base: Reducer, Value, Change: Reducer<Base.State, Base.Action>>:
  Reducer
{
  let runBase: ReduceFunction<Base.State, Base.Action>
  let toValue: @Sendable (Base.State) -> Value
  let isDuplicate: @Sendable (Value, Value) -> Bool
  let change: @Sendable (Value, Value) -> Change

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffect = runBase(&state, action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return baseEffect }
    return baseEffect.merge(with: change(oldValue, newValue).reduce(into: &state, action: action))
  }
}
