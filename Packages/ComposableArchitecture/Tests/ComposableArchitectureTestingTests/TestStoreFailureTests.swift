import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct TestStoreFailureTests {
  @Test func send_stateAssertedWrongly_reportsDiff() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(
      issues == [
        """
        The state after sending .increment does not match the expectation:

          Probe.State(
        −   count: 2,
        +   count: 1,
            log: []
          )

        (Expected: −, Actual: +)

        To fix it, make the closure set exactly the '+' values, or fix the reducer if they are wrong.
        """
      ])
  }

  @Test func send_stateChangeNotAsserted_reportsUnexpectedChange() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.increment)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix("State was not expected to change after sending .increment, but it did:")
        == true)
    #expect(issues.first?.contains("−   count: 0,\n+   count: 1,") == true)
  }

  @Test func send_withUnassertedReceivedAction_reportsIt() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.start)
      await store.send(.increment) { $0.count = 1 }
    }
    #expect(
      issues == [
        """
        Must handle 1 received action before sending an action:
          • .started(1)

        To fix it, assert each with 'await store.receive(…)', or call \
        'await store.skipReceivedActions()' if they do not matter here.
        """,
        // Still pending, so reported again when the store is released, as in TCA.
        """
        The store received 1 unexpected action:
          • .started(1)

        To fix it, assert each with 'await store.receive(…)', or call \
        'await store.skipReceivedActions()' if they do not matter here.
        """,
      ])
  }

  @Test func receive_actionNeverArrives_reportsAfterTimeout() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.receive(.tick, timeout: .milliseconds(20))
    }
    #expect(
      issues == [
        """
        Expected to receive an action .tick, but none arrived within 0.02 seconds.

        No effect is running, so none can arrive.

        To fix it, check that the effect sends it (and that the clock it waits on is advanced), \
        or give it more time with 'receive(…, timeout:)'.
        """
      ])
  }

  @Test func receive_otherActionThanExpected_reportsActionDiff() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.start)
      await store.receive(.started(2)) { $0.log = ["started 1"] }
    }
    #expect(
      issues == [
        """
        Received an action other than the one expected.

        − .started(2)
        + .started(1)

        (Expected: −, Received: +)

        To fix it, assert the actions in the order the effects send them.
        """
      ])
  }

  @Test func release_withEffectStillRunning_namesTheActionThatStartedIt() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.runForever)
    }
    #expect(
      issues == [
        """
        1 effect still running at the end of the test, started by:
          • .runForever

        Every effect must finish before the test ends. To fix it, assert what the effect does until \
        it finishes, cancel it with an action (as a screen's '.onDisappear' would), or call \
        'await store.skipInFlightEffects()' if it does not matter here.
        """
      ])
  }

  @Test func release_withUnassertedReceivedAction_reportsIt() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.start)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("The store received 1 unexpected action:\n  • .started(1)") == true)
  }

  @Test func finish_nonExhaustive_effectStillRunning_reportsNothing() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      store.exhaustivity = .off
      await store.send(.runForever)
      await store.finish(timeout: .milliseconds(20))
    }
    #expect(issues.isEmpty)
  }

  @Test func finish_effectStillRunning_reportsAfterTimeout() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.runForever)
      await store.finish(timeout: .milliseconds(20))
      await store.send(.stop)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        "Expected all effects to finish, but 1 effect still running after 0.02 seconds, started by:\n  • .runForever"
      ) == true)
  }

  @Test func unimplementedDependency_inTestStore_reportsEndpoint() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: NumberFactFeature.State()) {
        NumberFactFeature()
      } withDependencies: {
        $0.continuousClock = ImmediateClock()
      }
      await store.send(.numberFactButtonTapped) { $0.isLoading = true }
      await store.receive(\.numberFactResponse) {
        $0.isLoading = false
        $0.alert = "Could not load a number fact :("
      }
    }
    #expect(issues == ["Unimplemented: 'NumberFactClient.fetch'"])
  }
}
