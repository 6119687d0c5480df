import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

struct Timer: Reducer {
  struct State: Equatable {
    var ticks = 0
    var searches: [String] = []
  }

  enum Action: Equatable {
    case start
    case startReplacing
    case stop
    case tick
    case queryChanged(String)
    case search(String)
  }

  enum CancelID: Hashable, Sendable { case timer, search }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start, .startReplacing:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: action == .startReplacing)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .queryChanged(let query):
      return .run { send in await send(.search(query)) }
        .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
    case .search(let query):
      state.searches.append(query)
      return .none
    }
  }
}

/// Debounces inside a `Reduce` closure, reading the `any Clock<Duration>` dependency as a TCA
/// feature reads its scheduler: `clock` and `self.clock`, with no local copy.
struct DebouncedSearch: Reducer {
  struct State: Equatable {
    var query = ""
    var searches: [String] = []
  }

  enum Action: Equatable {
    case queryChanged(String)
    case submitted
    case search(String)
  }

  enum CancelID: Hashable, Sendable { case search }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .queryChanged(let query):
        state.query = query
        return .run { send in await send(.search(query)) }
          .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      case .submitted:
        return .send(.search(state.query))
          .debounce(id: CancelID.search, for: .zero, clock: self.clock)
      case .search(let query):
        state.searches.append(query)
        return .none
      }
    }
  }
}

@MainActor
struct CancellationTests {
  @Test func cancel_stopsTheEffectWithThatID() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancellable_withoutCancelInFlight_runsBothEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    // One id cancels every effect made cancellable with it.
    await store.send(.stop)
  }

  @Test func cancellable_withCancelInFlight_replacesRunningEffect() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.startReplacing)
    await store.send(.startReplacing)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stop)
  }

  @Test func debounce_burstOfChanges_runsOnlyTheLast() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timer.State()) {
      Timer()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("i"))
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("iu"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.searches.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.search("iu")) { $0.searches = ["iu"] }
  }

  @Test func debounce_insideReduceClosureWithTheClockDependency_runsOnlyTheLast() async {
    let clock = TestClock()
    let store = TestStore(initialState: DebouncedSearch.State()) {
      DebouncedSearch()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.queryChanged("i")) { $0.query = "i" }
    await clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("iu")) { $0.query = "iu" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.search("iu")) { $0.searches = ["iu"] }
    await store.send(.submitted)
    await clock.advance(by: .zero)
    await store.receive(.search("iu")) { $0.searches = ["iu", "iu"] }
  }
}
