import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct ProbeFeatureTests {
  @Test func incrementThenDecrement_fromZero_countsUpAndDown() async {
    let store = TestStore(initialState: ProbeFeature.State()) { ProbeFeature() }
    await store.send(.view(.incrementTapped)) { $0.count = 1 }
    await store.send(.view(.decrementTapped)) { $0.count = 0 }
  }

  @Test func reset_tappedTwice_zeroesOnceAfterTheDelay() async {
    let clock = TestClock()
    let store = TestStore(initialState: ProbeFeature.State(count: 3)) {
      ProbeFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.view(.resetTapped)) { $0.isResetting = true }
    await store.send(.view(.resetTapped))
    await clock.advance(by: ProbeFeature.resetDelay)
    await store.receive(.resetDelayFinished) {
      $0.count = 0
      $0.isResetting = false
    }
  }

  @Test func back_whileResetting_cancelsTheResetAndCloses() async {
    let store = TestStore(initialState: ProbeFeature.State(count: 3)) {
      ProbeFeature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.view(.resetTapped)) { $0.isResetting = true }
    await store.send(.view(.backTapped))
    await store.receive(.delegate(.close))
  }
}
