import Dependencies

extension Task where Success == Never, Failure == Never {
  /// Cancels the running effects of the current store that were made cancellable with `id`,
  /// from inside an effect.
  ///
  /// ```swift
  /// return .run { send in
  ///   await Task.cancel(id: CancelID.timer)
  ///   await send(.timerStopped)
  /// }
  /// ```
  ///
  /// Like ``Effect/cancel(id:)``, it reaches only effects of the same navigation element (the
  /// same presented child or stack screen) and the same store. Unlike TCA's, it is `async`:
  /// effects belong to their store, which lives on the main actor, and the call returns once
  /// the effects are cancelled. Called outside an effect, it cancels nothing and reports it.
  nonisolated(nonsending) public static func cancel(
    id: some Hashable & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let store = EffectStore.current else {
      reportIssue(
        """
        "Task.cancel(id:)" was called outside an effect. …

          ID:
            \(debugCaseName(id))

        Nothing was cancelled: effects belong to the store that runs them, and only an effect \
        knows its store. To fix, call it from inside an "Effect.run", or return ".cancel(id:)" \
        from the reducer.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await store.cancel(CancellationScope.scoped(CancelID(id)))
  }
}

/// The store running the current effect, as far as its effects need to know it.
struct EffectStore: Sendable {
  @TaskLocal static var current: EffectStore?

  /// Cancels the store's effects registered under `id`.
  let cancel: nonisolated(nonsending) @Sendable (CancelID) async -> Void
}
