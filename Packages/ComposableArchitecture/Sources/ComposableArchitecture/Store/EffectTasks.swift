/// The tasks of the effects started by one send, gathered into the one task that stands for
/// them.
///
/// A send usually starts one effect or none: those are kept without an array, which would cost
/// an allocation on every send that starts an effect.
struct EffectTasks {
  private var first: Task<Void, Never>?
  private var others: [Task<Void, Never>] = []

  mutating func append(_ task: Task<Void, Never>) {
    if first == nil { first = task } else { others.append(task) }
  }

  /// A task that ends when all of them have, and whose cancellation cancels them all; `nil`
  /// when there are none. On the main actor, like the store, as the task it makes is.
  @MainActor var combined: Task<Void, Never>? {
    guard let first else { return nil }
    guard !others.isEmpty else { return first }
    let tasks = [first] + others
    return Task {
      await withTaskCancellationHandler {
        for task in tasks { await task.value }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    }
  }
}
