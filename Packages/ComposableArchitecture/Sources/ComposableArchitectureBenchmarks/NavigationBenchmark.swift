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

/// Stack and presentation churn: per-operation cost, and no effect task left behind.
@MainActor
func navigationCases() -> [BenchmarkCase] {
  let leftovers = Leftovers()
  return [
    BenchmarkCase(
      id: "h", label: "(h)",
      title: "stack push + pop, 1,000 deep, an effect per screen, per operation",
      sample: {
        let core = StoreCore(
          initialState: NavigationHost.State(), reducer: NavigationHost(), dependencies: DependencyValues())
        let store = Store(core: core)
        let perPair = measure(iterations: 1) {
          for _ in 0..<1_000 { store.send(.pushTapped) }
          for id in store.state.path.elementIDs.reversed() { store.send(.path(.popFrom(id: id))) }
        }
        await leftovers.record(core)
        return perPair / 2_000
      },
      remark: { leftovers.remark() }
    ),
    BenchmarkCase(
      id: "i", label: "(i)",
      title: "present + dismiss ×10,000, long-running child effect, per operation",
      sample: {
        let core = StoreCore(
          initialState: NavigationHost.State(), reducer: NavigationHost(), dependencies: DependencyValues())
        let store = Store(core: core)
        let perPair = measure(iterations: 10_000) {
          store.send(.presentTapped)
          store.send(.sheet(.dismiss))
        }
        await leftovers.record(core)
        return perPair / 2
      },
      remark: { leftovers.remark() }
    ),
  ]
}

/// The effect tasks still alive after each sample of a case, once cancelled ones wound down.
@MainActor
final class Leftovers {
  private var counts: [Int] = []

  /// Waits up to 5 s for cancelled effects to finish, then records how many are still alive.
  func record<State, Action>(_ core: StoreCore<State, Action>) async {
    let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
    while core.inFlightCount > 0, DispatchTime.now().uptimeNanoseconds < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    counts.append(core.inFlightCount)
  }

  /// What the samples so far left running; forgets them for the next case.
  func remark() -> String {
    defer { counts = [] }
    let leaked = counts.filter { $0 > 0 }
    return leaked.isEmpty
      ? "effect tasks alive afterwards: 0 in each of \(counts.count) runs"
      : "LEAK: effect tasks alive afterwards: \(counts)"
  }
}
