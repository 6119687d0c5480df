import Synchronization

extension Task where Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`.
  ///
  /// Stands in for work that never finishes, such as a stream that never ends:
  ///
  /// ```swift
  /// $0.messageClient.fetchAll = { _ in try await Task.never() }
  /// ```
  public static func never() async throws -> Success {
    try await suspendUntilCancelled()
    throw _Concurrency.CancellationError()
  }
}

/// Suspends until the current task is cancelled, then throws `CancellationError`.
private func suspendUntilCancelled() async throws {
  let waiter = NeverWaiter()
  try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { continuation in
      waiter.suspend(continuation)
    }
  } onCancel: {
    waiter.cancel()
  }
}

/// Holds the continuation of ``_Concurrency/Task/never()`` until cancellation, which may come
/// before it suspends.
private final class NeverWaiter: Sendable {
  private enum Phase: Sendable {
    case waiting
    case suspended(CheckedContinuation<Void, any Error>)
    case cancelled
  }

  private let phase = Mutex(Phase.waiting)

  func suspend(_ continuation: CheckedContinuation<Void, any Error>) {
    let cancelled = phase.withLock { phase -> Bool in
      if case .cancelled = phase { return true }
      phase = .suspended(continuation)
      return false
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
  }

  func cancel() {
    let continuation = phase.withLock { phase -> CheckedContinuation<Void, any Error>? in
      defer { phase = .cancelled }
      if case .suspended(let continuation) = phase { return continuation }
      return nil
    }
    continuation?.resume(throwing: CancellationError())
  }
}
