import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import Testing

/// A feature that stamps the time from its date dependency.
struct Stamp: Reducer {
  struct State: Equatable {
    var stampedAt: Date?
  }

  enum Action: Equatable {
    case stampButtonTapped
  }

  @Dependency(\.date) var date

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stampedAt = date.now
    return .none
  }
}

@MainActor
struct TestStoreAssertionTests {
  @Test func state_withActionNotReceivedYet_isTheStateOfTheLastAssertedStep() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    await store.send(.start)
    #expect(store.state.log == [])
    await store.receive(.started(1)) { $0.log = ["started 1"] }
    #expect(store.state.log == ["started 1"])
  }

  @Test func send_closureWhenNothingChanged_reportsExpectedChange() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.start) { $0.count = 0 }
      await store.receive(.started(1)) { $0.log = ["started 1"] }
    }
    #expect(
      issues == [
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      ])
  }

  @Test func init_initialStateDotInit_infersTheStateFromTheReducer() async {
    let store = TestStore(initialState: .init()) { Probe() }
    await store.send(.increment) { $0.count = 1 }
  }

  @Test func receive_closureWhenNothingChanged_reportsExpectedChange() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.connect)
      await store.receive(.runForever) { $0.count = 0 }
      await store.send(.stop)
    }
    #expect(
      issues == [
        """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      ])
  }

  // As in TCA: not exhaustive, a closure that changes nothing is a skipped assertion, shown only
  // with `showSkippedAssertions`.
  @Test func nonExhaustive_closureWhenNothingChanged_isASkippedAssertion() async {
    let silent = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      store.exhaustivity = .off
      await store.send(.stop) { $0.count = 0 }
    }
    #expect(silent.isEmpty)
    let shown = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.stop) { $0.count = 0 }
    }
    #expect(shown.count == 1)
    #expect(
      shown == [
        """
        Skipped assertions: …

        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      ])
  }

  @Test func assert_closureWithoutAStep_isNotAnExpectedChange() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      store.exhaustivity = .off
      await store.send(.increment)
      store.assert { $0.count = 1 }
    }
    #expect(issues.isEmpty)
  }

  @Test func assertionClosure_readsTheStoresDependencies() async {
    let now = Date(timeIntervalSince1970: 1_234_567_890)
    let store = TestStore(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      $0.date = .constant(now)
    }
    await store.send(.stampButtonTapped) {
      @Dependency(\.date) var date
      $0.stampedAt = date.now
    }
  }
}
