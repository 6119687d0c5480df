import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct IfLetCancellationTests {
  @Test func ifLet_childSetToNil_cancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerSlot.State()) {
      TickerSlot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.child(.startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.tick)) { $0.child?.ticks = 1 }
    await store.send(.hide) { $0.child = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func ifLet_childReplacedByAnotherIdentity_cancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerSlot.State()) {
      TickerSlot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.show(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.child(.startTimer))
    await store.send(.show(id: 2)) { $0.child = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(5))
  }

  @Test func ifLet_childStop_doesNotCancelTheParentsEffectWithTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerSlot.State(child: Ticker.State(id: 1))) {
      TickerSlot()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startTimer)
    await store.send(.child(.startTimer))
    await store.send(.child(.stopTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.hide) { $0.child = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.skipInFlightEffects()
  }

  @Test func ifCaseLet_stateLeavesTheCase_cancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerScreen.State.ticker(Ticker.State(id: 1))) {
      TickerScreen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticker(.startTimer))
    await clock.advance(by: .seconds(1))
    await store.receive(.ticker(.tick)) { $0 = .ticker(Ticker.State(id: 1, ticks: 1)) }
    await store.send(.close) { $0 = .empty }
    await clock.advance(by: .seconds(5))
  }

  @Test func ifCaseLet_childReplacedByAnotherIdentityInTheSameCase_cancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerScreen.State.ticker(Ticker.State(id: 1))) {
      TickerScreen()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.ticker(.startTimer))
    await store.send(.show(Ticker.State(id: 2))) { $0 = .ticker(Ticker.State(id: 2)) }
    await clock.advance(by: .seconds(5))
  }

  @Test func forEach_elementsReplacedByOthersWithNewIDs_cancelsTheOldOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerRows.State(rows: [Ticker.State(id: 1)])) {
      TickerRows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await store.send(.replaceAll(with: [Ticker.State(id: 2)])) { $0.rows = [Ticker.State(id: 2)] }
    await clock.advance(by: .seconds(5))
  }

  @Test func forEach_elementCancelInFlight_doesNotCancelASiblingsEffect() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TickerRows.State(rows: [Ticker.State(id: 1), Ticker.State(id: 2)])
    ) {
      TickerRows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await store.send(.rows(.element(id: 2, action: .restartTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .tick))) { $0.rows[id: 1]?.ticks = 1 }
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.rows(.element(id: 1, action: .stopTimer)))
    await store.send(.rows(.element(id: 2, action: .stopTimer)))
  }

  @Test func forEach_elementRemoved_cancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerRows.State(rows: [Ticker.State(id: 1)])) {
      TickerRows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .tick))) { $0.rows[id: 1]?.ticks = 1 }
    await store.send(.remove(id: 1)) { $0.rows = [] }
    await clock.advance(by: .seconds(5))
  }

  @Test func forEach_elementStop_cancelsOnlyThatElementsEffect() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TickerRows.State(rows: [Ticker.State(id: 1), Ticker.State(id: 2)])
    ) {
      TickerRows()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await store.send(.rows(.element(id: 2, action: .startTimer)))
    await store.send(.rows(.element(id: 1, action: .stopTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.rows(.element(id: 2, action: .stopTimer)))
  }
}

@MainActor
struct PresentationCancellationTests {
  @Test func presentedChildStop_doesNotCancelTheParentsEffectWithTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.startTimer)
    await store.send(.child(.presented(.startTimer)))
    await store.send(.child(.presented(.stopTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopTimer)
  }

  // TCA registers an effect under every prefix of its navigation path: the parent's cancel
  // reaches what its presented child made cancellable with the same id.
  @Test func parentStop_cancelsThePresentedChildsEffectWithTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.startTimer)
    await store.send(.child(.presented(.startTimer)))
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(1))
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func presentedChildCancelInFlight_doesNotCancelTheParentsEffectWithTheSameID() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.startTimer)
    await store.send(.child(.presented(.restartTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.child(.presented(.tick))) { $0.child?.ticks = 1 }
    await store.send(.stopTimer)
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func taskCancel_inPresentedChildEffect_cancelsOnlyThatChildsEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.startTimer)
    await store.send(.child(.presented(.startTimer)))
    await store.send(.child(.presented(.stopTimerFromEffect))).finish()
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopTimer)
  }

  @Test func reducerBeforeIfLet_closingTheChild_cancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHostClosedElsewhere(closerRunsFirst: true)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.child(.presented(.startTimer)))
    await store.send(.close) { $0.child = nil }
    await clock.advance(by: .seconds(5))
  }

  @Test func reducerAfterIfLet_closingTheChild_cancelsItsEffectsByTheNextAction() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHostClosedElsewhere(closerRunsFirst: false)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.child(.presented(.startTimer)))
    await store.send(.close) { $0.child = nil }
    // As in TCA, the presentation reducer notices at its next action that another reducer
    // closed the child, and cancels the effects of the child it last saw.
    await store.send(.noop)
    await clock.advance(by: .seconds(5))
  }

  @Test func presentedChildChangingItsOwnID_losesItsOldEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present(id: 1)) { $0.child = Ticker.State(id: 1) }
    await store.send(.child(.presented(.startTimer)))
    await store.send(.child(.presented(.changeID(2)))) { $0.child?.id = 2 }
    await clock.advance(by: .seconds(5))
    await store.send(.child(.dismiss)) { $0.child = nil }
  }
}

@MainActor
struct StackCancellationTests {
  /// A stack of two ticker screens, both with their timer started.
  private func twoTickingScreens() async -> (TestStore<TickerStack.State, TickerStack.Action>, TestClock) {
    let clock = TestClock()
    let store = TestStore(
      initialState: TickerStack.State(path: StackState([Ticker.State(id: 1), Ticker.State(id: 2)]))
    ) {
      TickerStack()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .startTimer)))
    return (store, clock)
  }

  @Test func stackElementStop_cancelsOnlyThatScreensEffect() async {
    let (store, clock) = await twoTickingScreens()
    await store.send(.path(.element(id: 0, action: .stopTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 1 }
    await store.send(.popLast) { $0.path.removeLast() }
    await clock.advance(by: .seconds(5))
  }

  @Test func parentCancel_reachesEveryScreensEffectWithTheSameID() async {
    let (store, clock) = await twoTickingScreens()
    await store.send(.stopAllTimers)
    await clock.advance(by: .seconds(5))
  }
}
