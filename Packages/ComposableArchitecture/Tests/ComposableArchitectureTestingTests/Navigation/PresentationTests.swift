import ComposableArchitectureTesting
import Testing

@testable import ComposableArchitecture

@MainActor
struct PresentationTests {
  @Test func dismiss_whileChildEffectRuns_cancelsIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: SheetFeature.State()) {
      SheetFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.showTickerButtonTapped) { $0.ticker = TickerFeature.State() }
    await store.send(.ticker(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.presented(.tick))) { $0.ticker?.ticks = 1 }
    await store.send(.ticker(.dismiss)) { $0.ticker = nil }
    await clock.advance(by: .seconds(5))
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func dismissEffect_fromChildEffect_closesChild() async {
    let store = TestStore(initialState: SheetFeature.State(ticker: TickerFeature.State())) {
      SheetFeature()
    }
    await store.send(.ticker(.presented(.closeButtonTapped)))
    await store.receive(\.ticker.dismiss) { $0.ticker = nil }
  }

  @Test func reassigningSameChild_keepsPresentation_untilDismissed() async {
    let clock = TestClock()
    let store = TestStore(initialState: SheetFeature.State(ticker: TickerFeature.State())) {
      SheetFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticker(.presented(.startButtonTapped)))
    #expect(clock.sleeperCount == 1)
    // The same child type assigned again is the same presentation, so its timer keeps going.
    await store.send(.showTickerButtonTapped)
    #expect(clock.sleeperCount == 1)
    await store.send(.ticker(.dismiss)) { $0.ticker = nil }
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func alertButton_sendsItsAction_andDismisses() async {
    let store = TestStore(initialState: SheetFeature.State()) { SheetFeature() }
    await store.send(.deleteButtonTapped) { $0.alert = .deleteConfirmation }
    await store.send(.alert(.presented(.confirmDelete))) {
      $0.alert = nil
      $0.deleted = true
    }
  }

  @Test func alertCancel_dismisses_withoutAction() async {
    let store = TestStore(initialState: SheetFeature.State()) { SheetFeature() }
    await store.send(.deleteButtonTapped) { $0.alert = .deleteConfirmation }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func childAction_whileNothingPresented_reportsMisuse() async {
    let store = TestStore(initialState: SheetFeature.State()) { SheetFeature() }
    await withKnownIssue {
      await store.send(.ticker(.presented(.tick)))
    } matching: { issue in
      issue.description.contains("received a presentation action when destination state was")
    }
  }

  // At the root of a test store, dismissing ends the store instead (see
  // `TestStoreEffectLifetimeTests`); a live root has nothing to dismiss it.
  @Test func dismissEffect_atRootOfLiveStore_reportsIssue() async {
    let issues = await collectIssues {
      let store = Store(initialState: TickerFeature.State()) { TickerFeature() }
      await store.send(.closeButtonTapped).finish()
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix("A reducer requested dismissal at \"") == true)
    #expect(issues.first?.contains("\", but couldn't be dismissed. …\n\n") == true)
  }

  @Test func presentationState_equality_ignoresPresentationIdentity() {
    var lhs = PresentationState<TickerFeature.State>(wrappedValue: nil)
    var rhs = lhs
    lhs.wrappedValue = TickerFeature.State()
    rhs.wrappedValue = TickerFeature.State()
    #expect(lhs == rhs)
    #expect(lhs.presentationID != rhs.presentationID)
  }
}
