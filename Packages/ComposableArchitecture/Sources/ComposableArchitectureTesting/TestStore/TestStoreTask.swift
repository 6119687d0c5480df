import Dependencies
import Synchronization

/// The effects started by one ``TestStore/send(_:assert:fileID:filePath:line:column:)``.
///
/// ```swift
/// let task = await store.send(.onAppear)
/// await task.cancel()
/// ```
public struct TestStoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?
  let timeout: Duration
  /// The effects started by the actions these effects sent back, which the task stands for too.
  let descendants: EffectDescendants?

  init(rawValue: Task<Void, Never>?, timeout: Duration, descendants: EffectDescendants? = nil) {
    self.rawValue = rawValue
    self.timeout = timeout
    self.descendants = descendants
  }

  /// Cancels the effects, and the effects started by the actions they sent back, as cancelling
  /// the task of a screen's `.task` modifier would; returns once they have stopped.
  public func cancel() async {
    rawValue?.cancel()
    await descendants?.cancel()
    await rawValue?.value
  }

  /// Waits until the effects finish, with the effects started by the actions they sent back;
  /// reports a failure if they are still running after `timeout` (the store's
  /// ``TestStore/timeout`` by default).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let rawValue else { return }
    let limit = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: limit)
    var finished = await waitForTask(rawValue, timeout: limit)
    if finished, let descendants {
      finished = await descendants.wait(ContinuousClock.now.duration(to: deadline))
    }
    if !finished {
      reportIssue(
        """
        Expected task to finish, but it is still in-flight after \(limit).

        If this task delivers its action using a clock ("sleep(for:)", "timer(interval:)", etc.), \
        advance the test clock far enough, or use an immediate clock. To fix otherwise, finish \
        the streams it reads, cancel it with "await task.cancel()", or configure this assertion \
        with an explicit "timeout".
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// Whether the effects were cancelled; `true` when there were none.
  public var isCancelled: Bool { rawValue?.isCancelled ?? true }

  /// Two tasks are equal when they stand for the same effects of the same store.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue == rhs.rawValue && lhs.timeout == rhs.timeout
  }

  /// Hashes what ``==`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(rawValue)
    hasher.combine(timeout)
  }
}

/// The effects that descend from one `send` through the actions its effects sent back.
struct EffectDescendants: Sendable {
  /// Cancels them and waits until they have ended.
  let cancel: @MainActor @Sendable () async -> Void
  /// Waits until they have ended, or `timeout` passes; `true` if they ended.
  let wait: @MainActor @Sendable (_ timeout: Duration) async -> Bool
}

/// Waits for `task` to end or for `timeout` to pass, whichever comes first; `true` if it ended.
func waitForTask(_ task: Task<Void, Never>, timeout: Duration) async -> Bool {
  let resumed = Mutex(false)
  return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
    let resumeOnce: @Sendable (Bool) -> Void = { finished in
      let first = resumed.withLock { done -> Bool in
        defer { done = true }
        return !done
      }
      if first { continuation.resume(returning: finished) }
    }
    let timer = Task {
      try? await Task.sleep(for: timeout)
      resumeOnce(false)
    }
    Task {
      await task.value
      timer.cancel()
      resumeOnce(true)
    }
  }
}
