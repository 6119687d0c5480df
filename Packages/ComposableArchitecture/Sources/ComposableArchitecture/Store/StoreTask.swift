/// The effects started by one ``Store/send(_:)``: await them, or cancel them.
///
/// ```swift
/// await store.send(.refreshPulled).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?

  init(_ rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Waits until every effect started by the action has finished. Cancelling the waiting task
  /// cancels the effects.
  nonisolated(nonsending) public func finish() async {
    guard let rawValue else { return }
    await Self.wait(for: rawValue)
  }

  /// Waits for `task`; on the main actor, where effects end, the waiter is woken on the main
  /// queue, the same thread, instead of through the main actor's enqueue (see
  /// `MainQueueExecutor`).
  private static func wait(
    for task: Task<Void, Never>, isolation: isolated (any Actor)? = #isolation
  ) async {
    if let isolation, isolation === MainActor.shared {
      await withTaskExecutorPreference(MainQueueExecutor.shared) {
        await withTaskCancellationHandler {
          await task.value
        } onCancel: {
          task.cancel()
        }
      }
    } else {
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        task.cancel()
      }
    }
  }

  /// Cancels every effect started by the action.
  public func cancel() {
    rawValue?.cancel()
  }

  /// Whether the effects were cancelled; `true` when there were none.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }
}
