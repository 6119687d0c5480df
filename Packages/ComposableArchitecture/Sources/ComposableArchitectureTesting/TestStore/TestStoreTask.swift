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
  /// Cancels the effects started by the actions these effects sent back, and waits for them.
  let cancelDescendants: (@MainActor @Sendable () async -> Void)?

  init(
    rawValue: Task<Void, Never>?, timeout: Duration,
    cancelDescendants: (@MainActor @Sendable () async -> Void)? = nil
  ) {
    self.rawValue = rawValue
    self.timeout = timeout
    self.cancelDescendants = cancelDescendants
  }

  /// Cancels the effects, and the effects started by the actions they sent back, as cancelling
  /// the task of a screen's `.task` modifier would; returns once they have stopped.
  public func cancel() async {
    rawValue?.cancel()
    await cancelDescendants?()
    await rawValue?.value
  }

  /// Waits until the effects finish; reports a failure if they are still running after
  /// `timeout` (the store's ``TestStore/timeout`` by default).
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let rawValue else { return }
    let limit = timeout ?? self.timeout
    if await !waitForTask(rawValue, timeout: limit) {
      reportIssue(
        """
        Expected the effects of this action to finish, but they were still running after \(limit).

        To fix it, make the effects finish (advance the test clock they wait on, or finish the \
        stream they read), cancel them ('await task.cancel()'), or give them more time \
        ('finish(timeout:)').
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
