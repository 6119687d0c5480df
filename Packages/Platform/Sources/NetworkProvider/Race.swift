import Synchronization

/// Runs `operation` against a deadline and returns as soon as either finishes, or the caller
/// is cancelled, without waiting for the loser.
///
/// A task group would wait for every child at its end, so a handler that ignores cancellation
/// (the embedded backend's work runs on a dispatch queue) would hold a timed-out call hostage.
/// This is the one timeout race of the project: ``APIClient`` times each attempt with it, and the
/// apps their start-up health check.
///
/// ```swift
/// let response = try await race(
///   { try await transport.send(request) },
///   deadline: { try await Task.sleep(for: .seconds(5)) },
///   onDeadline: APIError.timeout, onCancel: APIError.cancelled)
/// ```
public func race<T: Sendable>(
  _ operation: @escaping @Sendable () async throws -> T,
  deadline: @escaping @Sendable () async throws -> Void,
  onDeadline: any Error & Sendable,
  onCancel: any Error & Sendable
) async throws -> T {
  let finish = FirstFinisher<T>()
  return try await withTaskCancellationHandler {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
      let work = Task {
        do { finish.resume(with: .success(try await operation())) } catch {
          finish.resume(with: .failure(error))
        }
      }
      let timer = Task {
        do {
          try await deadline()
          finish.resume(with: .failure(onDeadline))
        } catch {
          // Cancelled: the work finished first.
        }
      }
      finish.start(continuation) {
        work.cancel()
        timer.cancel()
      }
    }
  } onCancel: {
    finish.resume(with: .failure(onCancel))
  }
}

/// Resumes a continuation exactly once, with whichever result comes first, then cleans up.
final class FirstFinisher<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var cleanup: (@Sendable () -> Void)?
    /// A result that came before the continuation was installed (e.g. an early cancellation).
    var early: Result<T, any Error>?
    var done = false
  }

  private let state = Mutex(State())

  func start(_ continuation: CheckedContinuation<T, any Error>, cleanup: @escaping @Sendable () -> Void) {
    let early = state.withLock { state -> Result<T, any Error>? in
      if let early = state.early {
        state.done = true
        return early
      }
      state.continuation = continuation
      state.cleanup = cleanup
      return nil
    }
    if let early {
      cleanup()
      continuation.resume(with: early)
    }
  }

  func resume(with result: Result<T, any Error>) {
    let taken = state.withLock { state -> (CheckedContinuation<T, any Error>, (@Sendable () -> Void)?)? in
      guard !state.done else { return nil }
      guard let continuation = state.continuation else {
        if state.early == nil { state.early = result }
        return nil
      }
      state.done = true
      state.continuation = nil
      defer { state.cleanup = nil }
      return (continuation, state.cleanup)
    }
    guard let (continuation, cleanup) = taken else { return }
    cleanup?()
    continuation.resume(with: result)
  }
}
