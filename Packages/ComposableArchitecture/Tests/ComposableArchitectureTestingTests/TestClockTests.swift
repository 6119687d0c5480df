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
    let sleeper = Task { try await clock.sleep(for: .zero) }
    for _ in 0..<1_000 where clock.sleeperCount == 0 { await Task.yield() }
    #expect(clock.sleeperCount == 1)
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
}
