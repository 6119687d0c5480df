import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// The first line of each failure is TCA's (and swift-clocks'), word for word: it is what a TCA
/// user recognises and searches for. The lines after it are checked by the tests of each failure.
@MainActor
struct FailureMessageWordingTests {
  @Test func testStoreFailures_startWithTCAsHeadlines() async {
    let clock = TestClock()
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.increment) { $0.count = 2 }
      await store.send(.increment)
      await store.send(.stop) { $0.count = 2 }
      await store.send(.start)
      await store.send(.stop)
      await store.receive(.started(2))
      await store.receive(.tick, timeout: .milliseconds(10))
      await store.skipReceivedActions()
      await store.send(.increment) { _ in throw Failure() }
      let task = await store.send(.runForever)
      await task.finish(timeout: .milliseconds(10))
      await store.finish(timeout: .milliseconds(10))
      await store.send(.start)
    }
    let dismissed = await collectIssues {
      let store = TestStore(initialState: ClosableScreen.State()) { ClosableScreen() }
      await store.send(.closeButtonTapped)
      await store.send(.tick)
    }
    let timerClock = TestClock()
    let timer = effectTask { for await _ in timerClock.timer(interval: .seconds(1)) {} }
    while timerClock.sleeperCount == 0 { await Task.yield() }
    let unfinishedSleeps = await collectIssues { await timerClock.run(timeout: .milliseconds(10)) }
    // `run` gives up with the timer asleep or between two ticks: cancelled, it ends either way.
    timer.cancel()
    _ = await timer.result
    #expect(
      (issues + dismissed + unfinishedSleeps).map { $0.prefix { $0 != "\n" } } == [
        "A state change does not match expectation: …",
        "State was not expected to change, but a change occurred: …",
        "Expected state to change, but no change occurred.",
        "Must handle 1 received action before sending an action: …",
        "Received unexpected action: …",
        "Expected to receive an action, but received none after 0.01 seconds.",
        "There were no received actions to skip.",
        "Threw error: Failure()",
        "Expected task to finish, but it is still in-flight after 0.01 seconds.",
        "Expected effects to finish, but there are still effects in-flight after 0.01 seconds.",
        "The store received 1 unexpected action by the end of this test: …",
        "An effect returned for this action is still running. It must complete before the end of "
          + "the test. …",
        "Can't send action to dismissed test store.",
        "Expected all sleeps to finish, but some are still suspending after 0.01 seconds.",
      ])
    #expect(issues.contains { $0.contains("\n(Expected: −, Actual: +)\n") })
    #expect(issues.contains { $0.contains("\n(Expected: −, Received: +)\n") })
  }
}

private struct Failure: Error {}
