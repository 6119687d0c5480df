import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// A path enum with two kinds of screen, for the case subscript.
enum Screen: Equatable, Sendable, CasePathable {
  case counter(Counter.State)
  case title(String)

  struct AllCasePaths: Sendable {
    var counter: AnyCasePath<Screen, Counter.State> {
      AnyCasePath(Screen.counter) { if case .counter(let state) = $0 { state } else { nil } }
    }
    var title: AnyCasePath<Screen, String> {
      AnyCasePath(Screen.title) { if case .title(let title) = $0 { title } else { nil } }
    }
  }
  static var allCasePaths: AllCasePaths { AllCasePaths() }
}

struct StackStateTests {
  @Test func subscriptID_setForNewID_appendsUnderThatID() {
    var path = StackState<String>(["a"])
    path[id: 5] = "b"
    #expect(path.ids == [0, 5])
    #expect(Array(path) == ["a", "b"])
    // The id is taken: the next push gets a later one.
    path.append("c")
    #expect(path.ids == [0, 5, 6])
  }

  @Test func subscriptID_setNil_removesOnlyThatElement() {
    var path = StackState<String>(["a", "b", "c"])
    path[id: 1] = nil
    #expect(path.ids == [0, 2])
    #expect(Array(path) == ["a", "c"])
    path[id: 9] = nil
    #expect(path.ids == [0, 2])
  }

  @Test func subscriptIDCase_readsAndMutatesOnlyThatCase() {
    var path = StackState<Screen>([.counter(Counter.State()), .title("하루")])
    #expect(path[id: 0, case: \.counter] == Counter.State())
    #expect(path[id: 0, case: \.title] == nil)
    path[id: 0, case: \.counter]?.count += 1
    path[id: 1, case: \.counter]?.count += 1
    #expect(path[id: 0] == .counter(Counter.State(count: 1)))
    #expect(path[id: 1] == .title("하루"))
    path[id: 1, case: \.title] = "밤편지"
    #expect(path[id: 1] == .title("밤편지"))
  }

  @Test func subscriptIDCase_setNil_removesTheScreenOnlyIfInThatCase() {
    var path = StackState<Screen>([.counter(Counter.State()), .title("하루")])
    path[id: 1, case: \.counter] = nil
    #expect(path.ids == [0, 1])
    path[id: 0, case: \.counter] = nil
    #expect(path.ids == [1])
    #expect(path[id: 1] == .title("하루"))
  }

  @Test func removeAll_keepsCountingIDs() {
    var path = StackState<String>(["a", "b"])
    path.removeAll()
    path.append("c")
    #expect(path.ids == [2])
  }

  @Test func removeAllWhere_keepsEachRemainingElementsID() {
    var path = StackState<String>(["a", "b", "a", "c"])
    path.removeAll { $0 == "a" }
    #expect(path.ids == [1, 3])
    #expect(Array(path) == ["b", "c"])
  }

  @Test func ids_listThePushedIDsInOrder() {
    var path = StackState<String>()
    path.append("a")
    path.append("b")
    path.append("c")
    path.removeFirst()
    #expect(path.ids == [1, 2])
  }
}

/// A stack whose screens are counters, pushed by `.push` actions.
struct CounterStack: Reducer {
  struct State: Equatable {
    var path = StackState<Counter.State>()
  }

  enum Action: Equatable, CasePathable {
    case path(StackActionOf<Counter>)

    struct AllCasePaths: Sendable {
      var path: AnyCasePath<Action, StackActionOf<Counter>> {
        AnyCasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .forEach(\.path, action: \.path) { Counter() }
  }
}

@MainActor
struct StackPushTests {
  @Test func push_idGreaterThanEveryIDInUse_isAccepted_evenAfterAPop() async {
    let store = TestStore(initialState: CounterStack.State()) { CounterStack() }
    await store.send(.path(.push(id: 0, state: Counter.State()))) {
      $0.path[id: 0] = Counter.State()
    }
    await store.send(.path(.push(id: 1, state: Counter.State(count: 1)))) {
      $0.path[id: 1] = Counter.State(count: 1)
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path[id: 1] = nil
    }
    // Id 1 is no longer in use, so it is greater than every id on the stack.
    await store.send(.path(.push(id: 1, state: Counter.State(count: 2)))) {
      $0.path[id: 1] = Counter.State(count: 2)
    }
  }

  @Test func push_idAboveTheNextOne_isReportedAsTCADoes_andPushed() async {
    let store = TestStore(initialState: CounterStack.State()) { CounterStack() }
    let issues = await collectIssues {
      await store.send(.path(.push(id: 5, state: Counter.State()))) {
        $0.path[id: 5] = Counter.State()
      }
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.contains(
        """
        received a "push" action with an unexpected generational ID. …

          Received ID:
            #5
          Expected ID:
            #0
        """) == true)
  }

  @Test func push_idNotGreaterThanEveryIDInUse_isRejected() async {
    var initial = CounterStack.State()
    initial.path[id: 0] = Counter.State()
    initial.path[id: 3] = Counter.State()
    let store = TestStore(initialState: initial) { CounterStack() }
    let issues = await collectIssues {
      await store.send(.path(.push(id: 2, state: Counter.State(count: 9))))
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.contains(
        """
        received a "push" action with an ID not greater than every ID on the stack. …

          ID:
            #2
          Path IDs:
            [#0, #3]
        """) == true)
    #expect(store.state.path.ids == [0, 3])
  }
}
