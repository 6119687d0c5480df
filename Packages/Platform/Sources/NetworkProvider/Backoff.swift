/// Waits that double after each failure in a row, up to a ceiling: the project's one backoff,
/// used between retries of an idempotent call (``APIClient/Configuration``) and between polls of
/// a room while the server fails.
///
/// ```swift
/// let backoff = Backoff(first: .milliseconds(200), max: .seconds(2))
/// backoff.wait(afterFailures: 1)  // 200 ms, then 400 ms, 800 ms, 1.6 s, 2 s, 2 s…
/// ```
public struct Backoff: Sendable, Equatable {
  /// The wait after the first failure.
  public var first: Duration
  /// The longest wait.
  public var max: Duration

  /// Creates a backoff starting at `first` and never waiting longer than `max`.
  public init(first: Duration, max: Duration) {
    self.first = first
    self.max = max
  }

  /// The wait after `failures` failures in a row (1 or more): `first` doubled `failures - 1`
  /// times, at most `max`.
  public func wait(afterFailures failures: Int) -> Duration {
    var wait = first
    // Bounded so that a long outage cannot overflow the doubling.
    for _ in 1..<Swift.max(1, Swift.min(failures, 64)) where wait < max { wait *= 2 }
    return Swift.min(wait, max)
  }
}
