extension TestStore {
  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then sets it back.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.refreshPulled)
  ///   await store.receive(\.refreshResponse) { $0.items = items }
  /// }
  /// ```
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () async throws -> R
  ) async rethrows -> R {
    let before = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = before }
    return try await operation()
  }
}
