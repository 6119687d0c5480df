import Synchronization

/// A clock that never waits: sleeping moves its time forward and returns at once.
///
/// Use it when a feature waits but the test does not care for how long:
/// `$0.continuousClock = ImmediateClock()`.
public final class ImmediateClock: Clock, Sendable {
  /// An instant of an ``ImmediateClock``.
  public typealias Instant = TestClock.Instant

  private let current: Mutex<Instant>

  /// A clock at `now` (its start by default).
  public init(now: Instant = Instant()) {
    self.current = Mutex(now)
  }

  /// The clock's current time.
  public var now: Instant { current.withLock { $0 } }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
  }
}
