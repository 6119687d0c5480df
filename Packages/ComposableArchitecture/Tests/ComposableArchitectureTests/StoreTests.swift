import ComposableArchitecture
import Foundation
import Observation
import Synchronization
import Testing

/// Records the order actions are processed in, including actions sent while processing.
struct Reentrant: Reducer {
  struct State: Equatable {
    var log: [String] = []
    var count = 0
  }

  enum Action: Equatable {
    case first
    case second
    case third
    case increment
    case wait
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    switch action {
    case .first: return .merge(.send(.second), .send(.third))
    case .second: return .send(.increment)
    case .third, .increment:
      if action == .increment { state.count += 1 }
      return .none
    case .wait:
      return .run { _ in try await Task.never() }
    }
  }
}

@MainActor
struct StoreTests {
  @Test func send_actionsSentWhileProcessing_areQueuedInOrder() {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    store.send(.first)
    #expect(store.state.log == ["first", "second", "third", "increment"])
  }

  @Test func send_fromObserverDuringChange_isProcessedAfterCurrentAction() {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      // Runs inside the mutation; the store must queue, not re-enter the reducer.
      MainActor.assumeIsolated { _ = store.send(.third) }
    }
    store.send(.increment)
    #expect(store.state.log == ["increment", "third"])
  }

  @Test func observation_onePerSend_evenWithQueuedActions() {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    let changes = Mutex(0)
    func observe() {
      withObservationTracking {
        _ = store.state
      } onChange: {
        changes.withLock { $0 += 1 }
      }
    }
    observe()
    store.send(.first)
    #expect(changes.withLock { $0 } == 1)
    observe()
    store.send(.increment)
    #expect(changes.withLock { $0 } == 2)
  }

  @Test func release_cancelsRunningEffects() async {
    var store: StoreOf<Reentrant>? = Store(initialState: Reentrant.State()) { Reentrant() }
    let task = store?.send(.wait)
    #expect(task?.isCancelled == false)
    store = nil
    await task?.finish()
    #expect(task?.isCancelled == true)
  }

  @Test func sendTask_finish_waitsForEffect() async {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    let task = store.send(.first)
    // Only synchronous effects: there is nothing to wait for.
    #expect(task.isCancelled)
    await task.finish()
  }

  @Test func sendTask_finishOnMainActor_returnsOnceAnEffectThatLeftTheMainActorSentItsAction() async {
    struct Feature: Reducer {
      struct State: Equatable { var total = 0 }
      enum Action: Equatable {
        case start
        case finished(Int)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { send in await send(.finished(await Self.work())) }
        case .finished(let value):
          state.total += value
          return .none
        }
      }
      @concurrent static func work() async -> Int { 42 }
    }
    let store = Store(initialState: Feature.State()) { Feature() }
    // Awaited on the main actor, `finish` is woken on the main queue; it must still wait for
    // the whole effect, its hop off the main actor included.
    await store.send(.start).finish()
    #expect(store.state.total == 42)
  }

  @Test func sendTask_taskAwaitingFinishCancelled_cancelsTheEffect() async {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    let sendTask = store.send(.wait)
    let waiter = Task { @MainActor in await sendTask.finish() }
    waiter.cancel()
    await waiter.value
    #expect(sendTask.isCancelled)
  }

  @Test func scope_childStore_readsAndSendsThroughParent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.child, action: \.child)
    child.send(.increment)
    #expect(child.state.count == 1)
    #expect(store.state.log == ["parent saw 1"])
  }

  @Test func scope_optionalChild_isNilWhileStateIsNil() {
    let store = Store(initialState: OptionalParent.State()) { OptionalParent() }
    #expect(store.scope(state: \.child, action: \.child) == nil)
    store.send(.show)
    let child = store.scope(state: \.child, action: \.child)
    child?.send(.increment)
    #expect(store.state.child?.count == 1)
  }

  @Test func states_streamsSnapshotsAfterEachSend() async {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    var iterator = store.states.makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    store.send(.increment)
    #expect(await iterator.next()?.count == 1)
  }

  @Test func dependencies_capturedAtStore_reachEffects() async {
    struct Feature: Reducer {
      struct State: Equatable { var id: UUID? }
      enum Action: Equatable {
        case make
        case made(UUID)
      }
      @Dependency(\.uuid) var uuid
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .make:
          return .run { send in
            // A task spawned inside the effect still sees the store's dependencies.
            let id = await Task { uuid() }.value
            await send(.made(id))
          }
        case .made(let id):
          state.id = id
          return .none
        }
      }
    }
    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.uuid = .constant(UUID(incrementing: 7))
    }
    await store.send(.make).finish()
    #expect(store.state.id == UUID(incrementing: 7))
  }

  @Test func dependencies_onlyContextChanged_reachReducer() {
    struct Feature: Reducer {
      struct State: Equatable { var seen: DependencyContext? }
      enum Action: Equatable { case look }
      @Dependency(\.context) var context
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.seen = context
        return .none
      }
    }
    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.context = .preview
    }
    store.send(.look)
    #expect(store.state.seen == .preview)
  }

  @Test func body_isBuiltOnce_forAllActions() {
    let builds = BuildCounter()
    let store = Store(initialState: CountingFeature.State()) { CountingFeature(builds: builds) }
    for _ in 0..<3 { store.send(.increment) }
    #expect(store.state.count == 3)
    #expect(builds.count.withLock { $0 } == 1)
  }

  @Test func body_wrappedByModifiers_isBuiltOnce() {
    let builds = BuildCounter()
    let store = Store(initialState: CountingFeature.State()) {
      Reduce(
        CountingFeature(builds: builds)
          .dependency(\.uuid, .constant(UUID(incrementing: 1)))
          ._printChanges(ChangePrinter { _ in })
      )
    }
    for _ in 0..<3 { store.send(.increment) }
    #expect(store.state.count == 3)
    #expect(builds.count.withLock { $0 } == 1)
  }

  @Test func body_ofAFeatureListedInAnotherBody_isBuiltOnce() {
    let builds = BuildCounter()
    let store = Store(initialState: CountingFeature.State()) {
      CombineReducers {
        CountingFeature(builds: builds)
        EmptyReducer()
      }
      .onChange(of: \.count) { _, _ in EmptyReducer() }
      CountingFeature(builds: builds)
    }
    for _ in 0..<3 { store.send(.increment) }
    #expect(store.state.count == 6)
    #expect(builds.count.withLock { $0 } == 2)
  }

  @Test func body_ofAForEachParent_isBuiltOnce() {
    let builds = BuildCounter()
    let store = Store(initialState: CountingFeature.State()) {
      CountingFeature(builds: builds)
        .forEach(\.rows, action: \.rows) { Counter() }
    }
    for _ in 0..<3 { store.send(.rows(.element(id: 1, action: .increment))) }
    #expect(store.state.rows[id: 1]?.count == 3)
    #expect(store.state.count == 3)
    #expect(builds.count.withLock { $0 } == 1)
  }
}

/// A feature whose body counts how often it is built.
struct CountingFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var rows: IdentifiedArrayOf<Counter.State> = [Counter.State(id: 1)]
  }
  enum Action: Equatable, CasePathable {
    case increment
    case rows(IdentifiedActionOf<Counter>)

    struct AllCasePaths: Sendable {
      var rows: AnyCasePath<Action, IdentifiedActionOf<Counter>> {
        AnyCasePath(Action.rows) { if case .rows(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  let builds: BuildCounter
  var body: some ReducerOf<Self> {
    let _ = builds.count.withLock { $0 += 1 }
    Reduce<State, Action> { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// Counts how often a reducer's body is built.
final class BuildCounter: Sendable {
  let count = Mutex(0)
}
