import Dependencies

extension Shared {
  /// The value of an optional shared value, shared in turn, or `nil` while it is `nil`, as
  /// swift-sharing's `Shared(_:)` unwrapping.
  ///
  /// ```swift
  /// if let selected = Shared($selectedSyncUp) {
  ///   state.detail = SyncUpDetail.State(syncUp: selected)
  /// }
  /// ```
  ///
  /// Once the optional becomes `nil` again, the unwrapped value keeps its last value, so that a
  /// screen still showing it reads no `nil`; changes made to it then change only that copy.
  public init?(_ base: Shared<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    self.init(reference: UnwrappedStorage(base: base.reference, last: LockIsolated(initial)))
  }
}

/// An optional shared value seen through its wrapped value, keeping the last one while `nil`.
struct UnwrappedStorage<Value: Sendable>: SharedStorage {
  let base: any SharedStorage<Value?>
  let last: LockIsolated<Value>

  private func remembering(_ value: Value?) -> Value {
    guard let value else { return last.value }
    last.setValue(value)
    return value
  }

  var value: Value { remembering(base.value) }

  func actualValue(in assertion: SharedAssertion) -> Value {
    base.actualValue(in: assertion) ?? last.value
  }

  func withLock<R>(tracker: SharedChangeTracker?, _ operation: (inout Value) throws -> R) rethrows -> R {
    try base.withLock(tracker: tracker) { optional in
      var value = optional ?? last.value
      let result = try operation(&value)
      let changed = value
      last.setValue(changed)
      if optional != nil { optional = value }
      return result
    }
  }

  func expectedValue(in assertion: SharedAssertion) -> Value {
    base.expectedValue(in: assertion) ?? last.value
  }

  func assert(_ value: Value, in assertion: SharedAssertion) {
    guard base.expectedValue(in: assertion) != nil else { return }
    base.assert(value, in: assertion)
  }
}
