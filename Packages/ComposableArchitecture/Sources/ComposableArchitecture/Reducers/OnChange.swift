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
    OnChangeReducer(
      runBase: ReduceFunction(self), toValue: toValue, isDuplicate: isDuplicate, change: reducer)
  }
}

/// The reducer made by ``Reducer/onChange(of:_:)`` and
/// ``Reducer/onChange(of:removeDuplicates:_:)``.
public struct OnChangeReducer<Base: Reducer, Value, Change: Reducer<Base.State, Base.Action>>:
  Reducer
{
  let runBase: ReduceFunction<Base.State, Base.Action>
  let toValue: KeyPath<Base.State, Value> & Sendable
  let isDuplicate: @Sendable (Value, Value) -> Bool
  let change: @Sendable (Value, Value) -> Change

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = state[keyPath: toValue]
    let baseEffect = runBase(&state, action)
    let newValue = state[keyPath: toValue]
    guard !isDuplicate(oldValue, newValue) else { return baseEffect }
    return baseEffect.merge(with: change(oldValue, newValue).reduce(into: &state, action: action))
  }
}
