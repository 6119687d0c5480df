import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// A screen with a long-living effect that can close itself.
struct ClosableScreen: Reducer {
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable {
    case closeButtonTapped
    case task
    case tick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    case .task:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

@MainActor
struct TestStoreEffectLifetimeTests {
  @Test func sendTaskCancel_cascadesToEffectsOfActionsItsEffectSentBack() async {
    let clock = TestClock()
    let store = TestStore(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.connect)
    await store.receive(.runForever)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.count = 1 }
    await task.cancel()
    #expect(clock.sleeperCount == 0)
  }

  @Test func sendTaskFinish_waitsForEffectsOfActionsItsEffectSentBack() async {
    let store = TestStore(initialState: Probe.State()) {
      Probe()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let task = await store.send(.connect)
    await store.receive(.runForever)
    let issues = await collectIssues {
      await task.finish(timeout: .milliseconds(20))
    }
    #expect(
      issues == [
        """
        Expected task to finish, but it is still in-flight after 0.02 seconds.

        If this task delivers its action using a clock ("sleep(for:)", "timer(interval:)", etc.), \
        advance the test clock far enough, or use an immediate clock. To fix otherwise, finish \
        the streams it reads, cancel it with "await task.cancel()", or configure this assertion \
        with an explicit "timeout".
        """
      ])
    await store.send(.stop)
  }

  @Test func release_withEffectStillRunning_reportsAtTheSendThatStartedIt() async {
    let collector = LocatedIssueCollector()
    let sendLine: UInt = #line + 8
    let connectLine: UInt = #line + 8
    await withIssueReporter(collector) {
      let store = TestStore(initialState: Probe.State()) {
        Probe()
      } withDependencies: {
        $0.continuousClock = TestClock()
      }
      await store.send(.runForever)
      await store.send(.connect)
      await store.receive(.runForever)
    }
    #expect(collector.issues.map(\.location.line) == [sendLine, connectLine])
    #expect(
      collector.issues.allSatisfy {
        $0.message.hasPrefix(
          """
          An effect returned for this action is still running. It must complete before the end of \
          the test. …

            Started by:
              • .runForever
          """)
      })
  }

  @Test func dismiss_atRootOfTestStore_cancelsItsEffects() async {
    let clock = TestClock()
    let issues = await collectIssues {
      let store = TestStore(initialState: ClosableScreen.State()) {
        ClosableScreen()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.task)
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = 1 }
      await store.send(.closeButtonTapped)
    }
    #expect(issues.isEmpty)
    #expect(clock.sleeperCount == 0)
  }

  @Test func send_afterRootDismissed_reportsIt() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: ClosableScreen.State()) { ClosableScreen() }
      await store.send(.closeButtonTapped)
      await store.send(.tick)
    }
    #expect(
      issues == [
        """
        Can't send action to dismissed test store.

          Action:
            .tick

        The feature dismissed itself ("await dismiss()"), which ended this test store and \
        cancelled its effects. To fix, end the test once "store.isDismissed" is true, or test the \
        dismissal from the parent that presents the feature.
        """
      ])
  }
}
