/// Observation points into a store's core, for the test store and for debugging.
@MainActor
package final class StoreHooks<State, Action: Sendable> {
  /// Called after each action is reduced, with the state it produced.
  package var didReduce: (@MainActor (_ action: Action, _ origin: ActionOrigin, _ state: State) -> Void)?
  /// Called when an effect task starts, with the action whose reduction returned it.
  package var effectStarted: (@MainActor (_ id: Int, _ action: Action) -> Void)?
  /// Called when an effect task ends, cancelled or not.
  package var effectFinished: (@MainActor (_ id: Int) -> Void)?
  /// Runs effect work on this executor instead of the global one, so a test can tell when
  /// all effect work has settled.
  package var taskExecutor: (any TaskExecutor)?
  /// Called by an effect task right before it hops to the main actor (to deliver an action,
  /// start the next effect of a sequence, or say it finished), and right after it is back, so a
  /// test can tell a hop in flight from quiet.
  package var hopStarted: (@Sendable () -> Void)?
  package var hopFinished: (@Sendable () -> Void)?

  package init() {}
}
