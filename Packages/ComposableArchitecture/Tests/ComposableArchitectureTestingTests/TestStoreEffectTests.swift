import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct TestStoreEffectTests {
  @Test func longLivingEffect_advancedAndStopped_passesExhaustively() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.runForever)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.count = 1 }
    await store.receive(.tick) { $0.count = 2 }
    await store.send(.stop)
    await store.finish()
  }

  @Test func receive_byCasePathWithPayload_matches() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    await store.send(.start)
    await store.receive(\.started, 1) { $0.log = ["started 1"] }
  }

  @Test func skipReceivedActions_movesStatePastThem() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    await store.send(.start)
    await store.skipReceivedActions()
    #expect(store.state.log == ["started 1"])
    await store.send(.increment) { $0.count = 1 }
  }

  @Test func skipInFlightEffects_letsTestEndWhileEffectRuns() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.runForever)
      await store.skipInFlightEffects()
    }
    #expect(issues.isEmpty)
  }

  @Test func skipInFlightEffects_nothingRunning_reportsWhenStrict() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.skipInFlightEffects()
    }
    #expect(issues.count == 1)
    #expect(
      issues == [
        """
        There were no in-flight effects to skip.

        To fix, remove "await store.skipInFlightEffects()", or pass "strict: false".
        """
      ])
  }

  @Test func sendTask_cancel_stopsTheEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.runForever)
    await task.cancel()
    #expect(task.isCancelled)
    #expect(clock.sleeperCount == 0)
  }

  @Test func dependencies_changedAfterInit_applyToLaterActions() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    let clock = TestClock()
    store.dependencies.continuousClock = clock
    await store.send(.runForever)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await store.send(.stop)
  }
}

@MainActor
struct TestStoreNonExhaustiveTests {
  @Test func exhaustivityOff_assertsOnlyWhatTestSets() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      store.exhaustivity = .off
      await store.send(.start)
      await store.send(.increment)
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(issues.isEmpty)
  }

  @Test func withExhaustivityOff_assertsOnlyWhatTheOperationSets_thenIsExhaustiveAgain() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.withExhaustivity(.off) {
        await store.send(.increment)
        await store.send(.increment) { $0.count = 2 }
      }
      #expect(store.exhaustivity == .on)
      await store.send(.increment)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("count: 3") == true)
  }

  @Test func exhaustivityOff_wrongAssertedField_stillFails() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      store.exhaustivity = .off
      await store.send(.increment) { $0.count = 5 }
    }
    #expect(issues.count == 1)
    #expect(issues.first?.contains("    −   count: 5,\n    +   count: 1,") == true)
  }

  @Test func exhaustivityOff_receiveSkipsEarlierActions() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      store.exhaustivity = .off
      await store.send(.burst)
      await store.receive(.tick) { $0.count = 1 }
      #expect(store.state.log == ["started 1"])
      // Left running on purpose: a non-exhaustive store does not report it.
      await store.send(.runForever)
    }
    #expect(issues.isEmpty)
  }

  @Test func exhaustivityOn_sameFlow_reportsSkippedActionAndRunningEffect() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.burst)
      await store.receive(.tick) { $0.count = 1 }
      await store.send(.runForever)
    }
    #expect(issues.count == 4)
    #expect(
      issues.first
        == """
        Received unexpected action before this one: …

            − .tick
            + .started(1)

        (Expected: −, Received: +)

        To fix, assert the actions in the order the effects send them.
        """)
  }

  @Test func exhaustivityOffShowingSkipped_reportsSkippedAssertions() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.increment)
    }
    #expect(issues.count == 1)
    #expect(
      issues == [
        """
        Skipped assertions: …

        A state change does not match expectation: …

              Probe.State(
            −   count: 0,
            +   count: 1,
                log: []
              )

        (Expected: −, Actual: +)
        """
      ])
  }
}
