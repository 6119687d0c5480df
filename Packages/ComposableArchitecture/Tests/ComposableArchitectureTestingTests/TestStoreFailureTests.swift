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
        A state change does not match expectation: …

              Probe.State(
            −   count: 2,
            +   count: 1,
                log: []
              )

        (Expected: −, Actual: +)

        To fix, make the closure set exactly the "+" values, or fix the reducer if they are wrong.
        """
      ])
  }

  @Test func send_stateChangeNotAsserted_reportsUnexpectedChange() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.increment)
    }
    #expect(
      issues == [
        """
        State was not expected to change, but a change occurred: …

              Probe.State(
            −   count: 0,
            +   count: 1,
                log: []
              )

        (Expected: −, Actual: +)

        To fix, assert the change in a trailing closure: "store.send(…) { $0.field = … }".
        """
      ])
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
        Must handle 1 received action before sending an action: …

          Unhandled actions:
            • .started(1)

        To fix, assert each with "await store.receive(…)", skip them with \
        "await store.skipReceivedActions()", or use a non-exhaustive test store: \
        "store.exhaustivity = .off".
        """,
        // Still pending, so reported again when the store is released, as in TCA.
        """
        The store received 1 unexpected action by the end of this test: …

          Unhandled actions:
            • .started(1)

        To fix, assert each with "await store.receive(…)", skip them with \
        "await store.skipReceivedActions()", or use a non-exhaustive test store: \
        "store.exhaustivity = .off".
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
        Expected to receive an action, but received none after 0.02 seconds.

          Expected:
            .tick

        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
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
        Received unexpected action: …

            − .started(2)
            + .started(1)

        (Expected: −, Received: +)

        To fix, assert the actions in the order the effects send them.
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
        An effect returned for this action is still running. It must complete before the end of \
        the test. …

          Started by:
            • .runForever

        To fix, make sure every effect completes by the end of the test:

        • If an effect waits on a clock, advance the test clock so that it completes, or use an \
        immediate clock.

        • If it is long-living (a timer, a stream), tear it down: mark it ".cancellable(id:)" and \
        return ".cancel(id:)" from another action (as a screen's ".onDisappear" would), or cancel \
        the task "store.send" returned with "await task.cancel()".

        • If it does not matter here, perform "await store.skipInFlightEffects()", or use a \
        non-exhaustive test store: "store.exhaustivity = .off".
        """
      ])
  }

  @Test func release_withUnassertedReceivedAction_reportsIt() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.start)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        """
        The store received 1 unexpected action by the end of this test: …

          Unhandled actions:
            • .started(1)
        """) == true)
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
      issues.first
        == """
        Expected effects to finish, but there are still effects in-flight after 0.02 seconds.

          Started by:
            • .runForever

        To fix, advance the test clock the effects wait on (or use an immediate clock), finish the \
        streams they read, cancel them with an action, or configure this assertion with an \
        explicit "timeout".
        """)
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
