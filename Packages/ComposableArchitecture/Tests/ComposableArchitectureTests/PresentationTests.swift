import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// A parent presenting a ``Counter`` through `PresentationState`.
struct Presenter: Reducer {
  struct State: Equatable {
    @PresentationState var child: Counter.State?
  }

  enum Action: Equatable, CasePathable {
    case child(PresentationAction<Counter.Action>)
    case present(id: Int)
    case presentedChildAdvanced

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, PresentationAction<Counter.Action>> {
        AnyCasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present(let id):
        state.child = Counter.State(id: id)
      case .child, .presentedChildAdvanced:
        break
      }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Counter() }
  }
}

@MainActor
struct PresentationTests {
  @Test func dismiss_withNothingPresented_reportsIt() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Presenter.State()) { Presenter() }
      await store.send(.child(.dismiss))
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.contains("An 'ifLet' at 'ComposableArchitectureTests/PresentationTests.swift:") == true)
    #expect(issues.first?.contains("received '.dismiss' while nothing was presented") == true)
  }

  @Test func dismiss_whilePresented_dismissesWithoutReport() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.present(id: 1)) { $0.child = Counter.State(id: 1) }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }
}
