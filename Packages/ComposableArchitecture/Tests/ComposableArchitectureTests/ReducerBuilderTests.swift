import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct ReducerBuilderTests {
  struct State: Equatable {
    var log: [String] = []
    var flag = false
    var optional: String?
  }

  enum Action: Equatable { case go }

  struct Feature: Reducer {
    let includeOptional: Bool
    let useFirst: Bool
    let names: [String]

    var body: some Reducer<State, Action> {
      Logger(name: "a", log: \.log)
      if includeOptional {
        Logger(name: "optional", log: \.log)
      }
      if useFirst {
        Logger(name: "first", log: \.log)
      } else {
        Logger(name: "second", log: \.log)
      }
      for name in names {
        Logger(name: name, log: \.log)
      }
      CombineReducers {
        Logger(name: "combined1", log: \.log)
        Logger(name: "combined2", log: \.log)
      }
      EmptyReducer()
      Logger(name: "z", log: \.log)
    }
  }

  @Test func body_withIfElseLoopAndCombine_runsReducersInWrittenOrder() async {
    let store = TestStore(initialState: State()) {
      Feature(includeOptional: true, useFirst: false, names: ["x", "y"])
    }
    await store.send(.go) {
      $0.log = ["a", "optional", "second", "x", "y", "combined1", "combined2", "z"]
    }
  }

  @Test func body_optionalOffFirstBranch_skipsOptionalAndRunsFirst() async {
    let store = TestStore(initialState: State()) {
      Feature(includeOptional: false, useFirst: true, names: [])
    }
    await store.send(.go) { $0.log = ["a", "first", "combined1", "combined2", "z"] }
  }

  @Test func reduce_closureReducer_mutatesAndReturnsEffect() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, _ in
        state.flag.toggle()
        return .none
      }
    }
    await store.send(.go) { $0.flag = true }
    await store.send(.go) { $0.flag = false }
  }

  @Test func onChange_valueChanged_runsChangeReducerWithOldAndNew() async {
    let store = TestStore(initialState: State()) {
      Reduce<State, Action> { state, _ in
        state.flag.toggle()
        return .none
      }
      .onChange(of: \.flag) { old, new in
        Reduce { state, _ in
          state.log.append("\(old)→\(new)")
          return .none
        }
      }
    }
    await store.send(.go) {
      $0.flag = true
      $0.log = ["false→true"]
    }
  }

  @Test func onChange_valueUnchanged_doesNotRun() async {
    let store = TestStore(initialState: State()) {
      EmptyReducer<State, Action>()
        .onChange(of: \.flag) { _, _ in
          Reduce { state, _ in
            state.log.append("changed")
            return .none
          }
        }
    }
    await store.send(.go)
  }
}

/// A draft compared by its text only: its edit count changes on every keystroke.
struct Draft: Sendable {
  var text: String
  var edits: Int
}

struct DraftEditor: Reducer {
  struct State {
    var draft = Draft(text: "", edits: 0)
    var saves: [String] = []
  }

  enum Action {
    case typed(String)
    case touched
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .typed(let text): state.draft.text = text
      case .touched: break
      }
      state.draft.edits += 1
      return .none
    }
    .onChange(of: \.draft, removeDuplicates: { $0.text == $1.text }) { oldValue, newValue in
      Reduce { state, _ in
        state.saves.append("\(oldValue.text)→\(newValue.text)")
        return .none
      }
    }
  }
}

@MainActor
struct OnChangeRemoveDuplicatesTests {
  @Test func onChange_removeDuplicates_runsOnlyWhenThePredicateSeesAChange() {
    let store = Store(initialState: DraftEditor.State()) { DraftEditor() }
    store.send(.typed("하"))
    store.send(.touched)
    store.send(.typed("하루"))
    store.send(.typed("하루"))
    #expect(store.state.saves == ["→하", "하→하루"])
    #expect(store.state.draft.edits == 4)
  }
}

@MainActor
struct OnChangeOfClosureTests {
  @Test func onChange_ofAClosure_runsWhenTheComputedValueChanges() {
    let store = Store(initialState: DraftEditor.State()) {
      Reduce<DraftEditor.State, DraftEditor.Action> { state, action in
        if case .typed(let text) = action { state.draft.text = text }
        return .none
      }
      .onChange(of: { $0.draft.text.count }, removeDuplicates: { $0 == $1 }) { old, new in
        Reduce { state, _ in
          state.saves.append("\(old)→\(new)")
          return .none
        }
      }
    }
    store.send(.typed("하"))
    store.send(.typed("루"))
    store.send(.typed("하루"))
    #expect(store.state.saves == ["0→1", "1→2"])
  }
}
