import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import Testing

/// A screen whose `onAppear` starts work that only cancellation ends.
struct EndlessScreen: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case onAppear }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { _ in try await Task.never() }
  }
}

/// A stack emptied by reducers that are not its `forEach`'s parent: `.tapBefore` by one that runs
/// before it, `.tapAfter` by one that runs after it, and `.popToRoot` by the parent itself.
struct EmptiedStack: Reducer {
  struct State: Equatable {
    var children = StackState<EndlessScreen.State>()
  }

  enum Action: Equatable, CasePathable {
    case children(StackActionOf<EndlessScreen>)
    case popToRoot
    case tapAfter
    case tapBefore

    struct AllCasePaths: Sendable {
      var children: AnyCasePath<Action, StackActionOf<EndlessScreen>> {
        AnyCasePath(Action.children) { if case .children(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .tapBefore = action { state.children.removeAll() }
      return .none
    }
    Reduce { state, action in
      if case .popToRoot = action { state.children.removeAll() }
      return .none
    }
    .forEach(\.children, action: \.children) { EndlessScreen() }
    Reduce { state, action in
      if case .tapAfter = action { state.children.removeAll() }
      return .none
    }
  }
}

/// A presented child that can give itself a new identity.
struct Renamable: Reducer {
  struct State: Equatable, Identifiable {
    var id: UUID
    var count = 0
  }

  enum Action: Equatable {
    case newIDButtonTapped
    case startButtonTapped
    case tick
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .newIDButtonTapped:
      state.id = uuid()
      return .none
    case .startButtonTapped:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
    case .tick:
      state.count += 1
      return .none
    }
  }
}

/// Presents a ``Renamable``.
struct RenamableHost: Reducer {
  struct State: Equatable {
    @PresentationState var child: Renamable.State?
  }

  enum Action: Equatable, CasePathable {
    case child(PresentationAction<Renamable.Action>)
    case presentChild

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, PresentationAction<Renamable.Action>> {
        AnyCasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .presentChild = action { state.child = Renamable.State(id: uuid()) }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Renamable() }
  }
}

/// Each test ends with no effect left running: a TestStore released with one still running fails
/// the test, so an effect that outlived its screen fails it.
@MainActor
struct ClosedElsewhereTests {
  /// Pushes a screen under `id` and starts its endless work.
  private func pushScreen(_ id: StackElementID, on store: TestStoreOf<EmptiedStack>) async {
    await store.send(.children(.push(id: id, state: EndlessScreen.State()))) {
      $0.children[id: id] = EndlessScreen.State()
    }
    await store.send(.children(.element(id: id, action: .onAppear)))
  }

  @Test func stack_emptiedByTheForEachsParent_cancelsEveryScreensEffects() async {
    let store = TestStore(initialState: EmptiedStack.State()) { EmptiedStack() }
    await pushScreen(0, on: store)
    await pushScreen(1, on: store)
    await store.send(.popToRoot) {
      $0.children.removeAll()
    }
  }

  @Test func stack_emptiedByAReducerBeforeTheForEach_cancelsTheScreensEffectsAtOnce() async {
    let store = TestStore(initialState: EmptiedStack.State()) { EmptiedStack() }
    await pushScreen(0, on: store)
    await store.send(.tapBefore) {
      $0.children.removeAll()
    }
  }

  @Test func stack_emptiedByAReducerAfterTheForEach_cancelsTheScreensEffectsByTheNextAction() async {
    let store = TestStore(initialState: EmptiedStack.State()) { EmptiedStack() }
    await pushScreen(0, on: store)
    await store.send(.tapAfter) {
      $0.children.removeAll()
    }
    // As in TCA, the stack reducer notices at its next action that another reducer removed
    // screens, and cancels the effects of the screens it last saw.
    await store.send(.tapAfter)
  }

  @Test func stack_emptiedAfterTheForEach_thenAPush_keepsOnlyTheNewScreensEffects() async {
    let store = TestStore(initialState: EmptiedStack.State()) { EmptiedStack() }
    await pushScreen(0, on: store)
    await store.send(.tapAfter) {
      $0.children.removeAll()
    }
    await pushScreen(1, on: store)
    await store.send(.tapBefore) {
      $0.children.removeAll()
    }
  }

  @Test func presentation_childGivingItselfANewID_losesTheOldIDsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: RenamableHost.State()) {
      RenamableHost()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.presentChild) {
      $0.child = Renamable.State(id: UUID(0))
    }
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 1
    }
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 2
    }
    await store.send(.child(.presented(.newIDButtonTapped))) {
      $0.child?.id = UUID(1)
    }
    // The timer belonged to the child with the old id: no tick reaches the renamed one.
    await clock.advance(by: .seconds(2))
    await store.send(.child(.presented(.startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 3
    }
    await store.send(.child(.dismiss)) {
      $0.child = nil
    }
  }
}
