/// Captures the current dependencies so that code which escapes this scope, such as a callback
/// or a task started outside structured concurrency, can run with them later.
///
/// Task locals do not flow into callbacks an API stores and calls later (a delegate, a
/// `DispatchQueue.async` block). Capture them here and yield them there:
///
/// ```swift
/// withEscapedDependencies { dependencies in
///   DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
///     dependencies.yield {
///       model.timerFired()  // sees the dependencies current where the timer was set
///     }
///   }
/// }
/// ```
public func withEscapedDependencies<R>(_ operation: (EscapedDependencies) throws -> R) rethrows -> R {
  try operation(EscapedDependencies(values: DependencyValues.current))
}

/// Captures the current dependencies for code that escapes this asynchronous scope.
public func withEscapedDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: nonisolated(nonsending) (EscapedDependencies) async throws -> R
) async rethrows -> R {
  try await operation(EscapedDependencies(values: DependencyValues.current))
}

/// Dependencies captured by ``withEscapedDependencies(_:)-(_)``, to run escaping code with.
public struct EscapedDependencies: Sendable {
  let values: DependencyValues

  /// Runs `operation` with the captured dependencies current.
  public func yield<R>(_ operation: () throws -> R) rethrows -> R {
    try DependencyValues.$current.withValue(values, operation: operation)
  }

  /// Runs the asynchronous `operation` with the captured dependencies current.
  public func yield<R>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: nonisolated(nonsending) () async throws -> R
  ) async rethrows -> R {
    try await DependencyValues.$current.withValueOnCallerActor(
      values, isolation: isolation, operation: operation)
  }
}
