import ComposableArchitecture
import ComposableArchitectureTesting
import Observation
import Testing

@MainActor
@Suite struct SharedTestStoreTests {
  @Test func sharedChange_asserted_passes() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    #expect(store.state.count == 2)
  }

  @Test func sharedChange_notAsserted_reportsTheChange() async {
    let issues = IssueCollector()
    await withIssueReporter(issues) {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementButtonTapped)
    }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.hasPrefix("State was not expected to change, but a change occurred: …")
        == true)
    #expect(issues.messages.first?.contains("    −   _count: 0,\n    +   _count: 1,") == true)
  }

  @Test func sharedChange_assertedWrongly_reportsDiff() async {
    let issues = IssueCollector()
    await withIssueReporter(issues) {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementButtonTapped) { $0.count = 2 }
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("    −   _count: 2,\n    +   _count: 1,") == true)
  }

  @Test func sharedChange_expectedButNotMade_reportsDiffWithoutChangingTheValue() async {
    let issues = IssueCollector()
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    _ = await withIssueReporter(issues) {
      await store.send(.tapped) {
        $0.taps = 1
        $0.count = 5
      }
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("    −   _count: 5,\n    +   _count: 0,") == true)
    #expect(store.state.count == 0)
  }

  @Test func sharedChange_eachStepAssertedAgainstTheLast() async {
    let issues = IssueCollector()
    await withIssueReporter(issues) {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementButtonTapped) { $0.count = 1 }
      await store.send(.incrementButtonTapped) { $0.count = 1 }
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("    −   _count: 1,\n    +   _count: 2,") == true)
  }

  @Test func sharedChange_fromEffect_assertedWhenReceived() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementLaterButtonTapped)
    await store.receive(.incrementResponse) { $0.count = 1 }
  }

  @Test func sharedChange_bySentAndSynchronouslyReceivedActions_assertedStepByStep() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementTwiceButtonTapped) { $0.count = 1 }
    await store.receive(.incrementResponse) { $0.count = 2 }
  }

  @Test func sharedChange_receivedStepNotAsserted_reportsOnlyThatStepsChange() async {
    let issues = IssueCollector()
    await withIssueReporter(issues) {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementTwiceButtonTapped) { $0.count = 1 }
      await store.receive(.incrementResponse)
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("    −   _count: 1,\n    +   _count: 2,") == true)
  }

  @Test func sharedChange_nonExhaustive_unassertedChangeIsAccepted() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    store.exhaustivity = .off
    await store.send(.incrementButtonTapped)
    await store.send(.incrementButtonTapped) { $0.count = 2 }
  }

  @Test func optionalSharedChange_assertedInTheSentStep_isNotReportedAgainByLaterSteps() async {
    let store = TestStore(initialState: SharedSignIn.State()) { SharedSignIn() }
    await store.send(.signedIn("blob")) { $0.user = "blob" }
    await store.receive(.load) { $0.isLoading = true }
    await store.receive(.loaded) { $0.isLoading = false }
    await store.send(.signedIn("blob jr.")) { $0.user = "blob jr." }
    await store.receive(.load) { $0.isLoading = true }
    await store.receive(.loaded) { $0.isLoading = false }
  }

  @Test func sharedChange_madeByOneStore_isSeenAtOnceByAnother() async {
    let inbox = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    let badge = Store(initialState: SharedCounter.State()) { SharedCounter() }
    await inbox.send(.incrementButtonTapped) { $0.count = 1 }
    #expect(badge.state.count == 1)
    badge.send(.incrementButtonTapped)
    #expect(inbox.state.count == 2)
  }

  @Test func sharedChange_madeByOneStore_notifiesObserversOfAnother() {
    let inbox = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let badge = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let notified = LockIsolated(false)
    withObservationTracking {
      _ = badge.state.count
    } onChange: {
      notified.setValue(true)
    }
    inbox.send(.incrementButtonTapped)
    #expect(notified.value)
  }

  @Test func derivedShared_changedByChild_isAssertedAndSeenInTheWhole() async {
    let profile = Shared(value: Profile(name: "Blob"))
    let store = TestStore(initialState: NameEditor.State(name: profile.name)) { NameEditor() }
    await store.send(.nameChanged("Blob Jr.")) { $0.name = "Blob Jr." }
    #expect(profile.wrappedValue == Profile(name: "Blob Jr."))
  }

  @Test func derivedShared_changeNotAsserted_reportsTheChange() async {
    let issues = IssueCollector()
    await withIssueReporter(issues) {
      let profile = Shared(value: Profile(name: "Blob"))
      let store = TestStore(initialState: NameEditor.State(name: profile.name)) { NameEditor() }
      await store.send(.nameChanged("Blob Jr."))
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("    −   _name: \"Blob\"\n    +   _name: \"Blob Jr.\"") == true)
  }

  @Test func childHandedParentsShared_changeIsSeenByParent() async {
    let parent = SharedCounter.State()
    let store = TestStore(initialState: CountingChild.State(count: parent.$count)) {
      CountingChild()
    }
    await store.send(.incrementButtonTapped) { $0.count = 1 }
    #expect(parent.count == 1)
  }

  @Test func sharedChange_byEffectBeforeEachAction_isAssertedAtTheStepOfThatAction() async {
    let clock = TestClock()
    let store = TestStore(initialState: SharedTicker.State()) {
      SharedTicker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped)
    await store.receive(.tick) {
      $0.count = 1
      $0.ticks = 1
    }
    await store.receive(.tick) {
      $0.count = 2
      $0.ticks = 2
    }
    await clock.advance(by: .seconds(1))
    store.assert { $0.count = 42 }
  }

  @Test func sharedChange_byEffectAfterTheReceivedAction_isNotPartOfItsStep() async {
    let issues = IssueCollector()
    let clock = TestClock()
    await withIssueReporter(issues) {
      let store = TestStore(initialState: SharedTicker.State()) {
        SharedTicker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startButtonTapped)
      // Both ticks and the change before the second have happened by now.
      await store.receive(.tick) {
        $0.count = 2
        $0.ticks = 1
      }
      await store.receive(.tick) {
        $0.count = 2
        $0.ticks = 2
      }
      await clock.advance(by: .seconds(1))
      store.assert { $0.count = 42 }
    }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.hasPrefix("A state change does not match expectation: …") == true)
    #expect(issues.messages.first?.contains("    −   _count: 2,\n    +   _count: 1,") == true)
  }

  @Test func sharedChange_inSkippedReceivedActions_isAcceptedWithThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: SharedTicker.State()) {
      SharedTicker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startButtonTapped)
    await store.skipReceivedActions()
    #expect(store.state.ticks == 2)
    await clock.advance(by: .seconds(1))
    store.assert { $0.count = 42 }
  }

  @Test func sharedChange_byEffectAfterTheLastStep_notAsserted_isReportedWhenTheTestEnds() async {
    let issues = IssueCollector()
    let clock = TestClock()
    await withIssueReporter(issues) {
      let store = TestStore(initialState: SharedTicker.State()) {
        SharedTicker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      await store.send(.startButtonTapped)
      await store.receive(.tick) {
        $0.count = 1
        $0.ticks = 1
      }
      await store.receive(.tick) {
        $0.count = 2
        $0.ticks = 2
      }
      await clock.advance(by: .seconds(1))
    }
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.hasPrefix(
        "Test store completed before asserting against changes to shared state: …") == true)
    #expect(issues.messages.first?.contains("    −   _count: 2,\n    +   _count: 42,") == true)
  }

  @Test func sharedChange_assertedIncrementally_passes() async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    await store.send(.incrementButtonTapped) { $0.count += 1 }
    await store.send(.incrementButtonTapped) { $0.count += 1 }
  }

  @Test func sharedChange_assertedIncrementallyWrongly_reportsDiff() async {
    let issues = IssueCollector()
    await withIssueReporter(issues) {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      await store.send(.incrementButtonTapped) { $0.count += 2 }
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("    −   _count: 2,\n    +   _count: 1,") == true)
  }

  @Test func sharedChange_heldTwiceInState_isAssertedThroughEitherHolder() async {
    let count = Shared(value: 0)
    let store = TestStore(initialState: TwoHoldersOfOneCount.State(first: count, second: count)) {
      TwoHoldersOfOneCount()
    }
    await store.send(.incrementFirstTapped) { $0.second = 1 }
    await store.send(.incrementFirstTapped) {
      $0.first = 2
      $0.second = 2
    }
    #expect(count.wrappedValue == 2)
  }

  @Test func sharedChange_nonExhaustiveWrongAssertion_stillFails() async {
    let issues = IssueCollector()
    await withIssueReporter(issues) {
      let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
      store.exhaustivity = .off
      await store.send(.incrementButtonTapped)
      #expect(store.state.count == 1)
      await store.send(.incrementButtonTapped) { $0.count = 3 }
    }
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("    −   _count: 3,\n    +   _count: 2,") == true)
  }
}
