extension DependencyValues {
  /// A clock that keeps counting while the system sleeps; use it for debouncing and timeouts.
  ///
  /// Tests override it with a `TestClock` or an `ImmediateClock`.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// A clock that stops counting while the system sleeps.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "ContinuousClock") }
}

enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static var testValue: any Clock<Duration> { UnimplementedClock(name: "SuspendingClock") }
}

/// A clock that reports a failure when a test uses it without overriding it, then behaves like an
/// immediate clock so the test can go on to show what else is wrong.
public struct UnimplementedClock: Clock {
  /// An instant on the unimplemented clock.
  public struct Instant: InstantProtocol {
    let offset: Duration
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  let name: String

  /// Creates a clock named after the dependency it stands in for.
  public init(name: String = "Clock") {
    self.name = name
  }

  /// Always the same instant; reading it alone is harmless, waiting on the clock is reported.
  public var now: Instant { Instant(offset: .zero) }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportIssue(
      """
      Unimplemented: \(name).sleep …

      To fix, override the clock in the test with a "TestClock" or an "ImmediateClock" \
      ("$0.continuousClock = TestClock()").
      """)
    try Task.checkCancellation()
  }
}
