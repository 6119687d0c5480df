import ComposableArchitecture

struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A counter wrapped in `Level` five times: each level scopes to its child.
struct Level<Child: Reducer>: Reducer where Child.Action: Equatable, Child.State: Equatable {
  struct State: Equatable { var child: Child.State }
  enum Action: Equatable, CasePathable {
    case child(Child.Action)

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Child.Action> {
        AnyCasePath(Action.child) { if case .child(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  let child: Child

  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { child }
  }
}

typealias Nested5Reducer = Level<Level<Level<Level<Level<Counter>>>>>

struct Nested5: Reducer {
  typealias State = Nested5Reducer.State
  typealias Action = Nested5Reducer.Action
  var body: some ReducerOf<Self> {
    Level(child: Level(child: Level(child: Level(child: Level(child: Counter())))))
  }
}

extension Nested5Reducer.State {
  init() { self.init(child: .init(child: .init(child: .init(child: .init(child: .init()))))) }
}

struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }
  enum Action: Equatable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

struct List: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State>
    init(rows count: Int) { rows = IdentifiedArray(uniqueElements: (0..<count).map { Row.State(id: $0) }) }
  }
  enum Action: Equatable, CasePathable {
    case rows(IdentifiedActionOf<Row>)

    struct AllCasePaths: Sendable {
      var rows: AnyCasePath<Action, IdentifiedActionOf<Row>> {
        AnyCasePath(Action.rows) { if case .rows(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { Row() }
  }
}

extension List {
  /// (c)'s action, sent `iterations` times to row 500; nanoseconds per action.
  @MainActor
  static func timeRowActions(_ store: StoreOf<List>, iterations: Int) -> Double {
    measure(iterations: iterations) { store.send(.rows(.element(id: 500, action: .increment))) }
  }
}

/// (d): an effect that never suspends, so it finishes on the main actor's next turn after `send`
/// returns, without leaving the main thread.
struct EffectThatNeverSuspends: Reducer {
  struct State: Equatable { var done = 0 }
  enum Action: Equatable { case start, done }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in await send(.done) }
    case .done:
      state.done += 1
      return .none
    }
  }
}
