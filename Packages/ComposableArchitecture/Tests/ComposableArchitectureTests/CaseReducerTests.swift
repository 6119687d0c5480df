import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// A stack of screens whose element reducer is found from its state, as scripts/codegen writes for
/// a reducer marked `// codegen: enum reducer`: `.forEach(\.path, action: \.path)` with no closure.
struct InferredPathStack: Reducer {
  struct Path: Reducer {
    enum State: Equatable, Sendable, CasePathable, CaseReducerState {
      case counter(Counter.State)
      static var stateReducer: Path { Path() }

      struct AllCasePaths: Sendable {
        var counter: AnyCasePath<State, Counter.State> {
          AnyCasePath(State.counter) { if case .counter(let state) = $0 { state } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    enum Action: Equatable, Sendable, CasePathable {
      case counter(Counter.Action)

      struct AllCasePaths: Sendable {
        var counter: AnyCasePath<Action, Counter.Action> {
          AnyCasePath(Action.counter) { if case .counter(let action) = $0 { action } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
    }
  }

  struct State: Equatable {
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, CasePathable {
    case path(StackActionOf<Path>)

    struct AllCasePaths: Sendable {
      var path: AnyCasePath<Action, StackActionOf<Path>> {
        AnyCasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .forEach(\.path, action: \.path)
  }
}

@MainActor
struct CaseReducerTests {
  @Test func forEachWithoutClosure_runsTheReducerTheElementStateNames() async {
    var initial = InferredPathStack.State()
    initial.path[id: 0] = .counter(Counter.State())
    let store = TestStore(initialState: initial) { InferredPathStack() }
    await store.send(.path(.element(id: 0, action: .counter(.increment)))) {
      $0.path[id: 0] = .counter(Counter.State(count: 1))
    }
  }
}
