/// What a ``Store`` needs from its root core, whatever the root's state and action types.
@MainActor
protocol StoreCoreProtocol: AnyObject, Sendable {
  func watch(_ observation: StateObservation)
  func addObserver(_ observer: StoreObserver)
  func removeObserver(_ observer: StoreObserver)
  func startComparing(_ observation: StateObservation)
  func stopComparing(_ observation: StateObservation)
  func addChangeHandler(_ handler: @escaping @MainActor () -> Void) -> Int
  func removeChangeHandler(_ id: Int)
}
