import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

struct Parent: Reducer {
  struct State: Equatable {
    var child = Counter.State()
    var log: [String] = []
  }

  enum Action: Equatable, CasePathable {
    case child(Counter.Action)
    case other

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Counter() }
    Reduce { state, action in
      // The parent runs after the child, so it sees the child's new count.
      if case .child(.increment) = action { state.log.append("parent saw \(state.child.count)") }
      return .none
    }
  }
}

/// A parent whose state is an enum of screens.
struct Screens: Reducer {
  enum State: Equatable, CasePathable {
    case counter(Counter.State)
    case empty

    struct AllCasePaths: Sendable {
      var counter: AnyCasePath<State, Counter.State> {
        AnyCasePath(State.counter) { if case .counter(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  enum Action: Equatable, CasePathable {
    case counter(Counter.Action)
    case close

    struct AllCasePaths: Sendable {
      var counter: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(Action.counter) { if case .counter(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, action in
      if case .close = action { state = .empty }
      return .none
    }
  }
}

@MainActor
struct ScopeTests {
  @Test func scope_childAction_runsChildThenParent() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.child(.increment)) {
      $0.child.count = 1
      $0.log = ["parent saw 1"]
    }
    await store.send(.other)
  }

  @Test func scope_childEffect_feedsBackWrappedInParentAction() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.child(.incrementLater))
    await store.receive(.child(.increment)) {
      $0.child.count = 1
      $0.log = ["parent saw 1"]
    }
    // The case path form matches the same action.
    await store.send(.child(.incrementLater))
    await store.receive(\.child) {
      $0.child.count = 2
      $0.log = ["parent saw 1", "parent saw 2"]
    }
  }

  @Test func scopeOnEnumCase_matchingCase_runsChild() async {
    let store = TestStore(initialState: Screens.State.counter(Counter.State())) { Screens() }
    await store.send(.counter(.increment)) { $0 = .counter(Counter.State(count: 1)) }
  }

  @Test func scopeOnEnumCase_otherCase_reportsMisuseAndLeavesState() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Screens.State.empty) { Screens() }
      await store.send(.counter(.increment))
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.contains("received a child action when child state was set to a different case. …")
        == true)
    #expect(issues.first?.contains("Action:\n    .counter(.increment)") == true)
  }
}
