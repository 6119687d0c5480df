import Observation
import Testing

@testable import ComposableArchitecture

/// Two counters side by side and a title, to tell which observers a change reaches.
struct Siblings: Reducer {
  struct State: Equatable {
    var left = Counter.State(id: 1)
    var right = Counter.State(id: 2)
    var title = ""
  }

  enum Action: Equatable, CasePathable {
    case left(Counter.Action)
    case right(Counter.Action)
    case titleChanged(String)
    case nothingHappened

    struct AllCasePaths: Sendable {
      var left: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(Action.left) { if case .left(let action) = $0 { action } else { nil } }
      }
      var right: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(Action.right) { if case .right(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.left, action: \.left) { Counter() }
    Scope(state: \.right, action: \.right) { Counter() }
    Reduce<State, Action> { state, action in
      if case .titleChanged(let title) = action { state.title = title }
      return .none
    }
  }
}

/// A state that cannot be compared, so any send may have changed it: not `Equatable`, and it
/// holds references, so its bits do not tell either.
struct Opaque: Reducer {
  struct State {
    var count = 0
    var notes: [String] = []
  }
  enum Action { case nothingHappened }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Counts the changes an observation is told about.
@MainActor
final class ChangeCounter {
  var count = 0

  /// Observes what `read` reads, once, as a view's render does.
  func observe(_ read: @escaping @MainActor () -> Void) {
    withObservationTracking {
      read()
    } onChange: {
      MainActor.assumeIsolated { self.count += 1 }
    }
  }
}

@MainActor
struct StoreObservationTests {
  @Test func scopedState_siblingOrRootChanges_notifyNone() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let left = store.scope(state: \.left, action: \.left)
    let changes = ChangeCounter()
    changes.observe { _ = left.state }

    store.send(.right(.increment))
    store.send(.titleChanged("Inbox"))
    #expect(changes.count == 0)

    left.send(.increment)
    #expect(changes.count == 1)
  }

  @Test func scopedState_tenObservedScopes_changeNoneRead_notifiesNone() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let changes = ChangeCounter()
    let scopes = (0..<10).map { index in
      index.isMultiple(of: 2)
        ? store.scope(state: \.left, action: \.left) : store.scope(state: \.right, action: \.right)
    }
    for scope in scopes { changes.observe { _ = scope.state } }

    store.send(.titleChanged("Inbox"))
    #expect(changes.count == 0)

    store.send(.right(.increment))
    #expect(changes.count == 5)
  }

  @Test func member_readPropertyChanges_notifiesOnceEvenWithQueuedActions() {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    let changes = ChangeCounter()
    changes.observe { _ = store.count }

    // `.first` queues `.second`, `.third` and `.increment`: one notification for the send.
    store.send(.first)
    #expect(changes.count == 1)
    #expect(store.count == 1)
  }

  @Test func member_unreadPropertyChanges_notifiesNone() {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    let changes = ChangeCounter()
    changes.observe { _ = store.count }

    store.send(.third)  // appends to the log only
    #expect(changes.count == 0)

    store.send(.increment)
    #expect(changes.count == 1)
  }

  @Test func state_notEquatable_notifiesOnEverySend() {
    let store = Store(initialState: Opaque.State()) { Opaque() }
    let changes = ChangeCounter()
    changes.observe { _ = store.state }

    store.send(.nothingHappened)
    #expect(changes.count == 1)
  }

  @Test func observer_readingAgainWhenTold_seesNewStateAndHearsNextChange() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let view = LeftCountView(store: store)
    view.render()

    store.send(.left(.increment))
    store.send(.titleChanged("Inbox"))
    store.send(.left(.increment))
    #expect(view.rendered == [0, 1, 2])
  }

  @Test func scopedStore_scopedAgainInEachRender_isTheSameAndHearsItsChanges() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let changes = ChangeCounter()
    // A render that scopes and lets the scoped store go, as a view body does.
    changes.observe { _ = store.scope(state: \.left, action: \.left).state }

    store.send(.left(.increment))
    #expect(changes.count == 1)
    #expect(store.scope(state: \.left, action: \.left) === store.scope(state: \.left, action: \.left))
  }

  @Test func optionalScope_childAppearing_notifiesObserverOfItsAbsence() {
    let store = Store(initialState: OptionalParent.State()) { OptionalParent() }
    let changes = ChangeCounter()
    changes.observe { _ = store.scope(state: \.child, action: \.child) }

    store.send(.show)
    #expect(changes.count == 1)
    #expect(store.scope(state: \.child, action: \.child) != nil)
  }

  @Test func core_checksAReadUntilItChanges_thenForgetsIt() {
    let core = StoreCore(
      initialState: Siblings.State(), reducer: Siblings(), dependencies: DependencyValues())
    let store = Store(core: core)
    _ = store.scope(state: \.left, action: \.left).state
    #expect(core.watched.count == 1)

    store.send(.right(.increment))
    #expect(core.watched.count == 1)

    store.send(.left(.increment))
    #expect(core.watched.isEmpty)
  }
}

/// Renders the left count and renders again as soon as it is told of a change, as a view does.
@MainActor
final class LeftCountView {
  let store: StoreOf<Siblings>
  var rendered: [Int] = []

  init(store: StoreOf<Siblings>) { self.store = store }

  func render() {
    withObservationTracking {
      rendered.append(store.left.count)
    } onChange: {
      MainActor.assumeIsolated { self.render() }
    }
  }
}
