/// The tasks of the effects started by one send, gathered into the one task that stands for
/// them.
///
/// A send usually starts one effect or none: those are kept without an array, which would cost
/// an allocation on every send that starts an effect (and even an empty one is retained and
/// released on every send).
struct EffectTasks {
  private var first: Task<Void, Never>?
  private var others: [Task<Void, Never>]?

  mutating func append(_ task: Task<Void, Never>) {
    if first == nil {
      first = task
    } else if others == nil {
      others = [task]
    } else {
      others?.append(task)
    }
  }

  /// A task that ends when all of them have, and whose cancellation cancels them all; `nil`
  /// when there are none. Inlined into every send, which mostly starts no effect or one.
  @inline(__always)
  @MainActor var combined: Task<Void, Never>? {
    guard let first else { return nil }
    guard let others else { return first }
    return Self.waitingForAll([first] + others)
  }

  /// A task waiting for all of `tasks`, on the main actor like the store.
  @MainActor
  private static func waitingForAll(_ tasks: [Task<Void, Never>]) -> Task<Void, Never> {
    Task {
      await withTaskCancellationHandler {
        for task in tasks { await task.value }
      } onCancel: {
        for task in tasks { task.cancel() }
      }
    }
  }
}
