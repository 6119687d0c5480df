import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

struct Rows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Counter.State> = []
  }

  enum Action: Equatable, CasePathable {
    case rows(IdentifiedActionOf<Counter>)
    case remove(id: Int)

    struct AllCasePaths: Sendable {
      var rows: AnyCasePath<Action, IdentifiedActionOf<Counter>> {
        AnyCasePath(Action.rows) { if case .rows(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .remove(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Counter() }
  }
}

@MainActor
struct ForEachTests {
  @Test func forEach_elementAction_runsOnlyThatElement() async {
    let store = TestStore(initialState: Rows.State(rows: [.init(id: 1), .init(id: 2)])) { Rows() }
    await store.send(.rows(.element(id: 2, action: .increment))) { $0.rows[id: 2]?.count = 1 }
  }

  @Test func forEach_elementEffect_feedsBackWithItsID() async {
    let store = TestStore(initialState: Rows.State(rows: [.init(id: 1), .init(id: 2)])) { Rows() }
    await store.send(.rows(.element(id: 1, action: .incrementLater)))
    await store.receive(.rows(.element(id: 1, action: .increment))) { $0.rows[id: 1]?.count = 1 }
    await store.send(.rows(.element(id: 2, action: .incrementLater)))
    await store.receive(\.rows[id: 2]) { $0.rows[id: 2]?.count = 1 }
  }

  @Test func forEach_missingID_reportsMisuse() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Rows.State(rows: [.init(id: 1)])) { Rows() }
      await store.send(.remove(id: 1)) { $0.rows = [] }
      await store.send(.rows(.element(id: 1, action: .increment)))
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("A \"forEach\" at \"") == true)
    #expect(issues.first?.contains("\" received an action for a missing element. …") == true)
  }
}
