import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct StackTests {
  @Test func threeLevelFlow_pushPresentSaveDismissPop_endToEnd() async {
    let clock = TestClock()
    let store = TestStore(initialState: RootFeature.State()) {
      RootFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.openListButtonTapped) {
      $0.path.append(.list(ListFeature.State(items: ["하루", "밤편지"])))
    }
    await store.send(.path(.element(id: 0, action: .list(.itemTapped("밤편지"))))) {
      $0.path.append(.detail(DetailFeature.State(name: "밤편지")))
    }
    #expect(store.state.path.elementIDs == [0, 1])
    await store.send(.path(.element(id: 1, action: .detail(.task))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .detail(.tick)))) {
      $0.path[id: 1] = .detail(DetailFeature.State(name: "밤편지", seconds: 1))
    }
    await store.send(.path(.element(id: 1, action: .detail(.editButtonTapped)))) {
      $0.path[id: 1] = .detail(
        DetailFeature.State(name: "밤편지", seconds: 1, editor: EditorFeature.State(text: "밤편지")))
    }
    await store.send(
      .path(.element(id: 1, action: .detail(.editor(.presented(.set(\.text, "Through the Night"))))))
    ) {
      $0.path[id: 1] = .detail(
        DetailFeature.State(
          name: "밤편지", seconds: 1, editor: EditorFeature.State(text: "Through the Night")))
    }
    await store.send(
      .path(.element(id: 1, action: .detail(.editor(.presented(.saveButtonTapped))))))
    await store.receive(\.path[id: 1].detail.editor.presented.delegate) {
      $0.path[id: 1] = .detail(
        DetailFeature.State(
          name: "Through the Night", seconds: 1,
          editor: EditorFeature.State(text: "Through the Night")))
    }
    await store.receive(\.path[id: 1].detail.editor.dismiss) {
      $0.path[id: 1] = .detail(DetailFeature.State(name: "Through the Night", seconds: 1))
    }
    // Going back pops the detail; its ticking timer must stop with it.
    await store.send(.path(.popFrom(id: 1))) { $0.path.removeLast() }
    await clock.advance(by: .seconds(10))
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func popFrom_removesElementAndEverythingAbove() async {
    let store = TestStore(
      initialState: RootFeature.State(
        path: StackState([
          .list(ListFeature.State(items: [])), .detail(DetailFeature.State(name: "a")),
          .detail(DetailFeature.State(name: "b")),
        ]))
    ) {
      RootFeature()
    }
    await store.send(.path(.popFrom(id: 1))) { $0.path.removeLast(2) }
    #expect(store.state.path.elementIDs == [0])
  }

  @Test func push_action_appendsUnderGivenID() async {
    let store = TestStore(initialState: RootFeature.State()) { RootFeature() }
    await store.send(.path(.push(id: 0, state: .detail(DetailFeature.State(name: "x"))))) {
      $0.path.append(.detail(DetailFeature.State(name: "x")))
    }
  }

  @Test func push_withUsedID_reportsMisuse_andPushesNothing() async {
    let store = TestStore(
      initialState: RootFeature.State(path: StackState([.list(ListFeature.State(items: []))]))
    ) {
      RootFeature()
    }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: .detail(DetailFeature.State(name: "x")))))
    } matching: { issue in
      issue.description.contains("received a \"push\" action for an element it already contains. …")
    }
    #expect(store.state.path.count == 1)
  }

  @Test func elementAction_forPoppedID_reportsMisuse() async {
    let store = TestStore(initialState: RootFeature.State()) { RootFeature() }
    await withKnownIssue {
      await store.send(.path(.element(id: 3, action: .detail(.tick))))
    } matching: { issue in
      issue.description.contains("received an action for a missing element. …")
        && issue.description.contains("  ID:\n    #3")
    }
  }

  @Test func dismissEffect_inStackElement_popsIt() async {
    struct Closer: Reducer {
      struct State: Equatable, Sendable {}
      enum Action: Equatable, Sendable { case closeTapped }
      @Dependency(\.dismiss) var dismiss
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .run { _ in await dismiss() }
      }
    }
    struct Host: Reducer {
      struct State: Equatable, Sendable { var path = StackState([Closer.State()]) }
      enum Action: Equatable, Sendable, CasePathable {
        case path(StackActionOf<Closer>)
        struct AllCasePaths: Sendable {
          var path: AnyCasePath<Action, StackActionOf<Closer>> {
            AnyCasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
          }
        }
        static var allCasePaths: AllCasePaths { AllCasePaths() }
      }
      var body: some ReducerOf<Self> {
        EmptyReducer<State, Action>().forEach(\.path, action: \.path) { Closer() }
      }
    }
    let store = TestStore(initialState: Host.State()) { Host() }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func stackState_ids_areStableAndNeverReused() {
    var stack = StackState<String>()
    stack.append("a")
    stack.append("b")
    stack.removeLast()
    stack.append("c")
    #expect(stack.elementIDs == [0, 2])
    #expect(stack[id: 2] == "c")
    // Like TCA: setting `nil` removes that screen only; `pop(from:)` removes the ones above too.
    stack[id: 0] = nil
    #expect(stack.elementIDs == [2])
    stack.append("d")
    stack.pop(from: 2)
    #expect(stack.isEmpty)
  }

  @Test func stackState_diff_namesElementsByID() {
    var stack = StackState(["하루"])
    let before = stack
    stack.append("밤편지")
    let diff = debugDiff(before, stack)
    #expect(diff?.contains("+   #1: \"밤편지\"") == true, "\(diff ?? "nil")")
  }
}
