@testable import ComposableArchitectureTesting

/// A task that runs where a test store's effects run. The clock then knows exactly when a woken
/// task has reached its next sleep; a plain task is given a grace period instead, which a loaded
/// machine can outlast, so a test of sleeps begun while the clock moves would be a race.
func effectTask<Success: Sendable>(
  _ body: @escaping @Sendable () async throws -> Success
) -> Task<Success, any Error> {
  Task(executorPreference: EffectExecutor.shared) { try await body() }
}
