extension TaskLocal {
  /// Binds this task-local to `value` while `operation` runs, on the caller's actor.
  ///
  /// `withValue` takes a plain async closure: handing it a caller-isolated one, or a closure
  /// that does not name the caller's isolation, runs `operation` off the caller's actor. An
  /// effect then leaves the main actor, and every `send` costs two thread hops.
  package func withValueOnCallerActor<R>(
    _ value: Value,
    isolation: isolated (any Actor)? = #isolation,
    operation: nonisolated(nonsending) () async throws -> R
  ) async rethrows -> R {
    try await withValue(value) {
      // Naming `isolation` isolates this closure to it.
      _ = isolation
      return try await operation()
    }
  }
}
