import Dependencies

extension Reducer {
  /// Runs this reducer, and the effects it returns, with the dependency at `keyPath` set to
  /// `value`.
  ///
  /// ```swift
  /// Child()
  ///   .dependency(\.continuousClock, ImmediateClock())
  /// ```
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyModifierReducer<Self> {
    DependencyModifierReducer(runBase: ReduceFunction(self)) { $0[keyPath: keyPath] = value }
  }

  /// Runs this reducer, and the effects it returns, with the dependency at `keyPath` changed by
  /// `transform`.
  ///
  /// ```swift
  /// Child()
  ///   .transformDependency(\.authClient) { $0.signOut = { } }
  /// ```
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyModifierReducer<Self> {
    DependencyModifierReducer(runBase: ReduceFunction(self)) { transform(&$0[keyPath: keyPath]) }
  }
}

/// The reducer made by ``Reducer/dependency(_:_:)`` and
/// ``Reducer/transformDependency(_:transform:)``.
public struct DependencyModifierReducer<Base: Reducer>: Reducer {
  let runBase: ReduceFunction<Base.State, Base.Action>
  let update: @Sendable (inout DependencyValues) -> Void

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.currentValues
    values.update(update)
    return withDependencyValues(values) { runBase(&state, action) }
  }
}
