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
  /// Wraps the delivery of effect actions, so a test can count deliveries in flight.
  package var wrapDelivery:
    ((@escaping @Sendable (Action) async -> Void) -> @Sendable (Action) async -> Void)?

  package init() {}
}
