import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import Testing

/// TCA's Recursion case study: each row holds rows of its own kind.
struct NestedRows: Reducer {
  struct State: Equatable, Identifiable {
    let id: UUID
    var name = ""
    var rows: IdentifiedArrayOf<State> = []
  }

  indirect enum Action: Equatable, Sendable, CasePathable {
    case addRowButtonTapped
    case nameChanged(String)
    case rows(IdentifiedAction<UUID, Action>)

    struct AllCasePaths: Sendable {
      var rows: AnyCasePath<Action, IdentifiedAction<UUID, Action>> {
        AnyCasePath(Action.rows) { if case .rows(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.uuid) var uuid

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addRowButtonTapped:
        state.rows.append(State(id: uuid()))
        return .none
      case .nameChanged(let name):
        state.name = name
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Self() }
  }
}

/// A chain of optional children of the feature's own kind, integrated with a plain `ifLet`.
struct ChainLink: Reducer {
  struct State: Equatable {
    var count = 0
    // An optional `State` cannot be stored inline in `State` itself.
    var nextStorage: [State] = []
    var next: State? {
      get { nextStorage.first }
      set { nextStorage = newValue.map { [$0] } ?? [] }
    }
  }

  indirect enum Action: Equatable, Sendable, CasePathable {
    case incremented
    case appendTapped
    case next(Action)

    struct AllCasePaths: Sendable {
      var next: AnyCasePath<Action, Action> {
        AnyCasePath(Action.next) { if case .next(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incremented:
        state.count += 1
      case .appendTapped:
        state.next = State()
      case .next:
        break
      }
      return .none
    }
    .ifLet(\.next, action: \.next) { Self() }
  }
}

/// A tree of enum cases of the feature's own kind, integrated with `ifCaseLet`.
struct Branch: Reducer {
  indirect enum State: Equatable, CasePathable {
    case leaf(Int)
    case nested(State)

    struct AllCasePaths: Sendable {
      var nested: AnyCasePath<State, State> {
        AnyCasePath(State.nested) { if case .nested(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  indirect enum Action: Equatable, Sendable, CasePathable {
    case incremented
    case nested(Action)

    struct AllCasePaths: Sendable {
      var nested: AnyCasePath<Action, Action> {
        AnyCasePath(Action.nested) { if case .nested(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .incremented = action, case .leaf(let count) = state { state = .leaf(count + 1) }
      return .none
    }
    .ifCaseLet(\.nested, action: \.nested) { Self() }
  }
}

@MainActor
struct RecursionTests {
  @Test func forEach_ofSelf_buildsLazilyAndRunsEveryLevel() async {
    let store = TestStore(initialState: NestedRows.State(id: UUID(0))) {
      NestedRows()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addRowButtonTapped) { $0.rows = [NestedRows.State(id: UUID(0))] }
    await store.send(.rows(.element(id: UUID(0), action: .addRowButtonTapped))) {
      $0.rows[id: UUID(0)]?.rows = [NestedRows.State(id: UUID(1))]
    }
    await store.send(
      .rows(.element(id: UUID(0), action: .rows(.element(id: UUID(1), action: .nameChanged("IU")))))
    ) {
      $0.rows[id: UUID(0)]?.rows[id: UUID(1)]?.name = "IU"
    }
  }

  @Test func ifLet_ofSelf_buildsLazilyAndRunsEveryLevel() async {
    let store = TestStore(initialState: ChainLink.State()) { ChainLink() }
    await store.send(.appendTapped) { $0.next = ChainLink.State() }
    await store.send(.next(.appendTapped)) { $0.next?.next = ChainLink.State() }
    await store.send(.next(.next(.incremented))) { $0.next?.next?.count = 1 }
  }

  @Test func ifCaseLet_ofSelf_buildsLazilyAndRunsEveryLevel() async {
    let store = TestStore(initialState: Branch.State.nested(.nested(.leaf(0)))) { Branch() }
    await store.send(.nested(.nested(.incremented))) { $0 = .nested(.nested(.leaf(1))) }
    await store.send(.incremented)
  }
}
