import ComposableArchitecture
import Foundation

/// A screen whose effect runs until it is cancelled, as a screen polling a room would.
struct LongRunningScreen: Reducer {
  struct State: Equatable, Sendable {}
  enum Action: Equatable, Sendable { case start }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { _ in try await Task.sleep(for: .seconds(3_600)) }
  }
}

/// Pushes screens on a stack and presents a sheet, each starting a long-running effect.
struct NavigationHost: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<LongRunningScreen.State>()
    @PresentationState var sheet: LongRunningScreen.State?
  }

  enum Action: Equatable, Sendable, CasePathable {
    case pushTapped
    case presentTapped
    case path(StackActionOf<LongRunningScreen>)
    case sheet(PresentationAction<LongRunningScreen.Action>)

    struct AllCasePaths: Sendable {
      var path: AnyCasePath<Action, StackActionOf<LongRunningScreen>> {
        AnyCasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
      }
      var sheet: AnyCasePath<Action, PresentationAction<LongRunningScreen.Action>> {
        AnyCasePath(Action.sheet) { if case .sheet(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce<State, Action> { state, action in
      switch action {
      case .pushTapped:
        let id = state.path.push(LongRunningScreen.State())
        return .send(.path(.element(id: id, action: .start)))
      case .presentTapped:
        state.sheet = LongRunningScreen.State()
        return .send(.sheet(.presented(.start)))
      case .path, .sheet:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { LongRunningScreen() }
    .ifLet(\.$sheet, action: \.sheet) { LongRunningScreen() }
  }
}

/// The navigation benchmark: per-operation cost, and no effect task left behind.
@MainActor
func navigationBenchmark() async {
  await reportAsync("(h) stack push + pop, 1,000 deep, effect per screen", target: nil) {
    let core = StoreCore(
      initialState: NavigationHost.State(), reducer: NavigationHost(), dependencies: DependencyValues())
    let store = Store(core: core)
    let perPair = measure(iterations: 1) {
      for _ in 0..<1_000 { store.send(.pushTapped) }
      for id in store.state.path.elementIDs.reversed() { store.send(.path(.popFrom(id: id))) }
    }
    await expectNoEffectsLeft(core, after: "stack push/pop")
    return perPair / 2_000
  }
  await reportAsync("(i) present + dismiss ×10,000, long-running child effect", target: nil) {
    let core = StoreCore(
      initialState: NavigationHost.State(), reducer: NavigationHost(), dependencies: DependencyValues())
    let store = Store(core: core)
    let perPair = measure(iterations: 10_000) {
      store.send(.presentTapped)
      store.send(.sheet(.dismiss))
    }
    await expectNoEffectsLeft(core, after: "present/dismiss")
    return perPair / 2
  }
}

/// Waits for cancelled effects to wind down, then prints how many are still alive.
@MainActor
func expectNoEffectsLeft<State, Action>(
  _ core: StoreCore<State, Action>, after name: String
)
  async
{
  let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
  while core.inFlightCount > 0, DispatchTime.now().uptimeNanoseconds < deadline {
    try? await Task.sleep(for: .milliseconds(1))
  }
  let left = core.inFlightCount
  print("    \(name): effect tasks alive afterwards: \(left)\(left == 0 ? "" : "  LEAK")")
}
