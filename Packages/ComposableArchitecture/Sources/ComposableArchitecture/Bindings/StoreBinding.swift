extension Store where Action: BindableAction, Action.State == State {
  /// A two-way connection between a view's field and the state field at `keyPath`: reading
  /// gives the current state, writing sends `.binding(.set(keyPath, newValue))`.
  ///
  /// ```swift
  /// let username = store.binding(\.username)
  /// username.wrappedValue = "iu_official"
  /// ```
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>
  ) -> StoreBinding<Value> {
    nonisolated(unsafe) let keyPath = keyPath
    return StoreBinding(
      get: { [self] in state[keyPath: keyPath] },
      set: { [self] in send(.set(keyPath, $0)) }
    )
  }
}

/// A field of a store's state that a view reads and writes; see ``Store/binding(_:)``.
@MainActor
public struct StoreBinding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The field's current value; setting it sends the binding action.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}
