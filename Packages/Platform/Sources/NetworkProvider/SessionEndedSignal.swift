import Synchronization

/// Tells whoever listens that the server stopped accepting the session: every `401` answer to a
/// call made with the session feeds it, whichever screen made the call.
///
/// ```swift
/// for await reason in api.sessionEnded.stream() { signOut(because: reason) }
/// ```
public final class SessionEndedSignal: Sendable {
  private let listeners = Mutex<[Int: AsyncStream<String>.Continuation]>([:])
  private let nextID = Atomic<Int>(0)

  /// Creates a signal nobody listens to yet.
  public init() {}

  /// The server's reason for each `401` from now on, until the listener's task is cancelled.
  public func stream() -> AsyncStream<String> {
    let id = nextID.add(1, ordering: .relaxed).newValue
    let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
    continuation.onTermination = { [weak self] _ in
      _ = self?.listeners.withLock { $0.removeValue(forKey: id) }
    }
    listeners.withLock { $0[id] = continuation }
    return stream
  }

  /// Tells every listener that the session ended, with the server's `reason`.
  public func send(_ reason: String) {
    for continuation in listeners.withLock({ Array($0.values) }) { continuation.yield(reason) }
  }
}
