import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

struct TestClockTests {
  @Test func advance_pastDeadline_wakesSleeperAndMovesTime() async throws {
    let clock = TestClock()
    let woke = Task { try await clock.sleep(for: .seconds(5)) }
    while clock.sleeperCount == 0 { await Task.yield() }
    await clock.advance(by: .seconds(5))
    try await woke.value
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
  }

  @Test func advance_beforeDeadline_keepsSleeperWaiting() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
    while clock.sleeperCount == 0 { await Task.yield() }
    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  @Test func run_wakesEverySleeperInOrder() async {
    let clock = TestClock()
    let first = Task { try await clock.sleep(for: .seconds(1)) }
    let second = Task { try await clock.sleep(for: .seconds(3)) }
    while clock.sleeperCount < 2 { await Task.yield() }
    await clock.run()
    _ = await (first.result, second.result)
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleep_forZero_suspendsUntilTheNextAdvance() async throws {
    let clock = TestClock()
    let returned = LockIsolated(false)
    let sleeper = Task {
      try await clock.sleep(for: .zero)
      returned.setValue(true)
    }
    while clock.sleeperCount == 0, !returned.value { await Task.yield() }
    #expect(clock.sleeperCount == 1)
    #expect(!returned.value)
    await clock.advance()
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleep_cancelledBeforeSleeping_throwsWithoutWaiting() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .zero)
    }
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func immediateClock_sleep_returnsAtOnceAndAdvances() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(60)))
  }

  /// Sleeps five times, one second each, and returns how many sleeps ended.
  private static func sleepFiveTimes(on clock: TestClock) async throws -> Int {
    var count = 0
    for _ in 0..<5 {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
      count += 1
    }
    return count
  }

  /// Starts a task that sleeps five times and, once it sleeps, lets `drive` run the clock, twenty
  /// times over: each sleep after the first begins while the clock is moving.
  private static func expectFiveSleepsEnded(driving drive: (TestClock) async -> Void) async throws {
    for _ in 0..<20 {
      let clock = TestClock()
      let task = effectTask { try await sleepFiveTimes(on: clock) }
      while clock.sleeperCount == 0 { await Task.yield() }
      await drive(clock)
      // A task left sleeping fails the test here rather than holding it up.
      task.cancel()
      #expect(try await task.value == 5)
      #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
    }
  }

  @Test func advance_reentrantSleepsOfATask_wakesEachInTheSameAdvance() async throws {
    try await Self.expectFiveSleepsEnded { await $0.advance(by: .seconds(5)) }
  }

  @Test func run_reentrantSleepsOfATask_finishesEverySleep() async throws {
    try await Self.expectFiveSleepsEnded { await $0.run(timeout: .seconds(30)) }
  }

  @Test func run_timerOfTenTicks_deliversEveryTick() async throws {
    let clock = TestClock()
    let timer = clock.timer(interval: .seconds(1)).prefix(10)
    let task = effectTask {
      var ticks = 0
      for await _ in timer { ticks += 1 }
      return ticks
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    await clock.run(timeout: .seconds(30))
    // A cancelled timer ends early, so a timer left sleeping fails the count.
    task.cancel()
    #expect(try await task.value == 10)
  }

  @MainActor
  @Test func run_unboundedTimer_reportsSleepsStillSuspendingAndCancelsThem() async throws {
    let clock = TestClock()
    let task = effectTask {
      var ticks = 0
      for await _ in clock.timer(interval: .seconds(1)) { ticks += 1 }
      return ticks
    }
    while clock.sleeperCount == 0 { await Task.yield() }
    let issues = await collectIssues { await clock.run(timeout: .milliseconds(100)) }
    #expect(
      issues == [
        """
        Expected all sleeps to finish, but some are still suspending after 0.1 seconds.

        There are sleeps suspending. This could mean you are not advancing the test clock far \
        enough for your feature to execute its logic, or there could be a bug in your feature's \
        logic.

        You can also increase the timeout of 'run' to be greater than 0.1 seconds.
        """
      ])
    // The sleep `run` found was cancelled, which ends the timer's sequence. On a busy machine
    // the timer may be between two ticks when `run` gives up, so its next sleep would wait for
    // ever: the task is cancelled too, rather than awaited on a clock nobody moves.
    task.cancel()
    _ = try await task.value
    #expect(clock.sleeperCount == 0)
  }

  @Test func checkSuspension_whileATaskSleeps_throwsUntilAdvanced() async throws {
    let clock = TestClock()
    let task = Task { try await clock.sleep(for: .seconds(1)) }
    await #expect(throws: TestClock.SuspensionError.self) { try await clock.checkSuspension() }
    await clock.advance(by: .seconds(1))
    try await clock.checkSuspension()
    try await task.value
  }
}
