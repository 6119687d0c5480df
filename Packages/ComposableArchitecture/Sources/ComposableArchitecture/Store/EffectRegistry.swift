/// A store's running effects: their tasks, and the cancellation ids each was started under.
///
/// Not generic on purpose: nothing here depends on the store's state or action types, so its
/// dictionaries are specialized when compiled instead of looking their generic metadata up on
/// every effect (a dozen lookups per effect, each taking the runtime's metadata cache lock).
@MainActor
final class EffectRegistry {
  /// A running effect. Its task is known once started; an effect that never suspends has
  /// finished (and is gone) by then.
  private struct Entry {
    var task: Task<Void, Never>?
    let cancelIDs: [CancelID]
  }

  // Unchecked exclusivity: touched on the main actor only, never across a call that could touch
  // them again, and every effect reads or writes them about ten times; each checked access costs
  // a lookup of the thread's access set.
  @exclusivity(unchecked) private var nextID = 0
  @exclusivity(unchecked) private var running: [Int: Entry] = [:]
  @exclusivity(unchecked) private var cancellables: [CancelID: Set<Int>] = [:]

  /// The number of effects still running.
  var count: Int { running.count }

  /// A new effect id; an effect's `send` knows it before the effect starts.
  func reserveID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// Records the effect `id` as running, cancellable under `cancelIDs`; done before it starts,
  /// since an effect that never suspends finishes before its task is returned.
  func register(_ id: Int, cancelIDs: [CancelID]) {
    running[id] = Entry(task: nil, cancelIDs: cancelIDs)
    for cancelID in cancelIDs { cancellables[cancelID, default: []].insert(id) }
  }

  /// Records the task of the effect `id`, unless it has already finished.
  func setTask(_ task: Task<Void, Never>, of id: Int) {
    running[id]?.task = task
  }

  /// Whether the effect `id` is still running.
  func isRunning(_ id: Int) -> Bool {
    running[id] != nil
  }

  /// Forgets the effect `id`; `false` if it was not running.
  func finish(_ id: Int) -> Bool {
    guard let entry = running.removeValue(forKey: id) else { return false }
    for cancelID in entry.cancelIDs {
      cancellables[cancelID]?.remove(id)
      if cancellables[cancelID]?.isEmpty == true { cancellables[cancelID] = nil }
    }
    return true
  }

  /// Cancels the effects registered under `cancelID`.
  func cancel(_ cancelID: CancelID) {
    guard let ids = cancellables.removeValue(forKey: cancelID) else { return }
    for id in ids { running[id]?.task?.cancel() }
  }

  /// Cancels the effects with the given ids.
  func cancel(ids: some Sequence<Int>) {
    for id in ids { running[id]?.task?.cancel() }
  }

  /// Cancels every running effect.
  func cancelAll() {
    for entry in running.values { entry.task?.cancel() }
  }
}
