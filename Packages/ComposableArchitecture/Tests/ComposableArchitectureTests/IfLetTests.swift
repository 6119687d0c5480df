import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

struct OptionalParent: Reducer {
  struct State: Equatable {
    var child: Counter.State?
  }

  enum Action: Equatable, CasePathable {
    case child(Counter.Action)
    case show
    case hide

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .show: state.child = Counter.State()
      case .hide: state.child = nil
      case .child: break
      }
      return .none
    }
    .ifLet(\.child, action: \.child) { Counter() }
  }
}

/// ``Screens`` written with `ifCaseLet` instead of an enum-case `Scope`.
struct ScreensWithIfCaseLet: Reducer {
  typealias State = Screens.State
  typealias Action = Screens.Action

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .close = action { state = .empty }
      return .none
    }
    .ifCaseLet(\.counter, action: \.counter) { Counter() }
  }
}

@MainActor
struct IfLetTests {
  @Test func ifLet_presentChild_runsChildAndItsEffects() async {
    let store = TestStore(initialState: OptionalParent.State()) { OptionalParent() }
    await store.send(.show) { $0.child = Counter.State() }
    await store.send(.child(.increment)) { $0.child?.count = 1 }
    await store.send(.child(.incrementLater))
    await store.receive(.child(.increment)) { $0.child?.count = 2 }
    await store.send(.hide) { $0.child = nil }
  }

  @Test func ifLet_nilChild_reportsMisuse() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: OptionalParent.State()) { OptionalParent() }
      await store.send(.child(.increment))
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix("An \"ifLet\" at \"ComposableArchitectureTests/IfLetTests.swift:") == true)
    #expect(issues.first?.contains("\" received a child action when child state was \"nil\". …") == true)
  }

  @Test func ifCaseLet_matchingCase_runsChild() async {
    let store = TestStore(initialState: Screens.State.counter(Counter.State())) { ScreensWithIfCaseLet() }
    await store.send(.counter(.increment)) { $0 = .counter(Counter.State(count: 1)) }
    await store.send(.close) { $0 = .empty }
  }

  @Test func ifCaseLet_otherCase_reportsMisuse() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Screens.State.empty) { ScreensWithIfCaseLet() }
      await store.send(.counter(.increment))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("An \"ifCaseLet\" at \"") == true)
    #expect(
      issues.first?.contains("\" received a child action when child state was set to a different case. …")
        == true)
  }
}
