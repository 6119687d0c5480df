extension Clock where Duration == Swift.Duration {
  /// An asynchronous sequence that yields once every `interval` on this clock, until the task
  /// iterating it is cancelled.
  ///
  /// Ticks are scheduled from the start, not from the last tick, so a slow consumer does not
  /// make the timer drift. Under a test clock, each `advance(by: interval)` yields one tick.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTicked)
  ///   }
  /// }
  /// ```
  public func timer(interval: Duration, tolerance: Duration? = nil) -> ClockTimer {
    ClockTimer(clock: self, interval: interval, tolerance: tolerance)
  }
}

/// The ticks of a clock, every interval: see ``_Concurrency/Clock/timer(interval:tolerance:)``.
public struct ClockTimer: AsyncSequence, Sendable {
  /// One tick; its value is the number of intervals since the timer started, from 1.
  public typealias Element = Int

  let clock: any Clock<Duration>
  let interval: Duration
  let tolerance: Duration?

  /// Makes an iterator that waits for each tick in turn.
  public func makeAsyncIterator() -> Iterator {
    Iterator(timer: self)
  }

  /// Waits for the ticks of a ``ClockTimer``.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    let timer: ClockTimer
    var ticks = 0
    /// The clock's instant when the first tick was asked for; typed as the clock's own
    /// `Instant`, which an `any Clock` hides.
    var start: (any Sendable)?

    /// Waits for the next tick; `nil` once the task is cancelled.
    public mutating func next() async -> Int? {
      await next(isolation: nil)
    }

    /// Waits for the next tick on the caller's actor; `nil` once the task is cancelled.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
      guard !Task.isCancelled else { return nil }
      ticks += 1
      do {
        try await sleep(on: timer.clock)
      } catch {
        return nil
      }
      return Task.isCancelled ? nil : ticks
    }

    private nonisolated(nonsending) mutating func sleep<C: Clock<Duration>>(on clock: C) async throws {
      let start = (self.start as? C.Instant) ?? clock.now
      self.start = start
      try await clock.sleep(until: start.advanced(by: timer.interval * ticks), tolerance: timer.tolerance)
    }
  }
}
