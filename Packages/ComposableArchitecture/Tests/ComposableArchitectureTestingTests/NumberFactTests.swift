import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct NumberFactTests {
  @Test func numberFact_success_showsFactThenDismissClearsIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: NumberFactFeature.State()) {
      NumberFactFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.numberFact.fetch = { "\($0) is a good number Brent" }
    }

    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.decrementButtonTapped) { $0.count = 0 }
    await store.send(.numberFactButtonTapped) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.numberFactResponse(.success("0 is a good number Brent"))) {
      $0.isLoading = false
      $0.alert = "0 is a good number Brent"
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test func numberFact_failure_showsApology() async {
    let clock = TestClock()
    let store = TestStore(initialState: NumberFactFeature.State()) {
      NumberFactFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.numberFact.fetch = { _ in throw NumberFactFeature.FactError() }
    }

    await store.send(.numberFactButtonTapped) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.numberFactResponse) {
      $0.isLoading = false
      $0.alert = "Could not load a number fact :("
    }
    await store.send(.alertDismissed) { $0.alert = nil }
  }

  @Test func numberFact_clockNotAdvancedEnough_noResponseYet() async {
    let clock = TestClock()
    let store = TestStore(initialState: NumberFactFeature.State()) {
      NumberFactFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.numberFact.fetch = { "\($0)" }
    }

    let task = await store.send(.numberFactButtonTapped) { $0.isLoading = true }
    await clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 1)
    await task.cancel()
  }
}
