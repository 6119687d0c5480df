import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// Reads `counter.count` in its reducer, and in an effect made inside `withDependencies`.
struct OverridingEffectFeature: Reducer {
  struct State: Equatable {
    var seenByEffect: Int?
    var seenByReducer: Int?
  }

  enum Action: Equatable, CasePathable {
    case start
    case startSequence
    case effectSaw(Int)

    struct AllCasePaths: Sendable {
      var effectSaw: AnyCasePath<Action, Int> {
        AnyCasePath(Action.effectSaw) { if case .effectSaw(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.counter.count) var count

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return withDependencies {
        $0.counter.count = { 99 }
      } operation: {
        .run { [count] send in await send(.effectSaw(count())) }
      }
    case .startSequence:
      return withDependencies {
        $0.counter.count = { 99 }
      } operation: {
        .concatenate(.run { _ in }, .send(.effectSaw(count())))
      }
    case .effectSaw(let value):
      state.seenByEffect = value
      state.seenByReducer = count()
      return .none
    }
  }
}

@MainActor
@Suite struct StoreDependencyTests {
  @Test func effectMadeInsideWithDependencies_actionItSends_isReducedWithStoreDependencies() async {
    let store = TestStore(initialState: OverridingEffectFeature.State()) {
      OverridingEffectFeature()
    } withDependencies: {
      $0.counter.count = { 1 }
    }
    await store.send(.start)
    await store.receive(.effectSaw(99)) {
      $0.seenByEffect = 99
      $0.seenByReducer = 1
    }
  }

  @Test func effectMadeInsideWithDependencies_storeWithoutOverrides_reducesWithStoreDefaults() async {
    let store = TestStore(initialState: OverridingEffectFeature.State()) {
      OverridingEffectFeature()
    }
    store.dependencies.counter.setCount(5)
    await store.send(.start)
    await store.receive(.effectSaw(99)) {
      $0.seenByEffect = 99
      $0.seenByReducer = 5
    }
  }

  @Test func concatenatedSendAfterRun_isReducedWithStoreDependencies() async {
    let store = TestStore(initialState: OverridingEffectFeature.State()) {
      OverridingEffectFeature()
    } withDependencies: {
      $0.counter.count = { 1 }
    }
    await store.send(.startSequence)
    await store.receive(.effectSaw(99)) {
      $0.seenByEffect = 99
      $0.seenByReducer = 1
    }
  }
}
