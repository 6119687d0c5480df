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
      issues.first?.hasPrefix("An \"ifLet\" at \"ComposableArchitectureTests/PresentationTests.swift:")
        == true)
    #expect(
      issues.first?.contains(
        "\" received a presentation action when destination state was absent. …\n\n  Action:\n    .dismiss")
        == true)
  }

  @Test func dismiss_whilePresented_dismissesWithoutReport() async {
    let store = TestStore(initialState: Presenter.State()) { Presenter() }
    await store.send(.present(id: 1)) { $0.child = Counter.State(id: 1) }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }
}

/// A screen that presents another of itself, as a drill-down into nested folders does.
struct Folder: Reducer {
  struct State: Equatable {
    var depth = 0
    @PresentationState var child: State?
  }

  indirect enum Action: Equatable, Sendable, CasePathable {
    case child(PresentationAction<Action>)
    case openTapped

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, PresentationAction<Action>> {
        AnyCasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .openTapped = action { state.child = State(depth: state.depth + 1) }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Folder() }
  }
}

/// A destination enum, for the case subscript.
enum PresenterDestination: Equatable, CasePathable {
  case counter(Counter.State)
  case note(String)

  struct AllCasePaths: Sendable {
    var counter: AnyCasePath<PresenterDestination, Counter.State> {
      AnyCasePath(PresenterDestination.counter) { if case .counter(let state) = $0 { state } else { nil } }
    }
    var note: AnyCasePath<PresenterDestination, String> {
      AnyCasePath(PresenterDestination.note) { if case .note(let note) = $0 { note } else { nil } }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@MainActor
struct RecursivePresentationTests {
  @Test func presentationState_featurePresentingItself_drillsDownAndBack() async {
    let store = TestStore(initialState: Folder.State()) { Folder() }
    await store.send(.openTapped) { $0.child = Folder.State(depth: 1) }
    await store.send(.child(.presented(.openTapped))) { $0.child?.child = Folder.State(depth: 2) }
    await store.send(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func presentationStateCaseSubscript_readsAndChangesOnlyThatCase() {
    var state = PresentationState<PresenterDestination>(wrappedValue: .counter(Counter.State()))
    #expect(state[case: \.counter] == Counter.State())
    #expect(state[case: \.note] == nil)
    state[case: \.counter]?.count += 1
    state[case: \.note] = "ignored"
    #expect(state.wrappedValue == .counter(Counter.State(count: 1)))
    state[case: \.counter] = nil
    #expect(state.wrappedValue == nil)
  }
}
