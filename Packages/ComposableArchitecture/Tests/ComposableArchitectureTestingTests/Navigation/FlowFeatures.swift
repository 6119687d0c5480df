import ComposableArchitecture

/// Three levels: a root stack pushes a list, the list's selection pushes a detail, and the
/// detail presents an editor sheet that saves and closes itself.
struct RootFeature: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, Sendable, CasePathable {
    case openListButtonTapped
    case path(StackActionOf<Path>)

    struct AllCasePaths: Sendable {
      var path: AnyCasePath<Action, StackActionOf<Path>> {
        AnyCasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  /// The screens the root can push: a destination enum written by hand.
  struct Path: Reducer {
    enum State: Equatable, Sendable, CasePathable {
      case list(ListFeature.State)
      case detail(DetailFeature.State)

      struct AllCasePaths: Sendable {
        var list: AnyCasePath<State, ListFeature.State> {
          AnyCasePath(State.list) { if case .list(let state) = $0 { state } else { nil } }
        }
        var detail: AnyCasePath<State, DetailFeature.State> {
          AnyCasePath(State.detail) { if case .detail(let state) = $0 { state } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    enum Action: Equatable, Sendable, CasePathable {
      case list(ListFeature.Action)
      case detail(DetailFeature.Action)

      struct AllCasePaths: Sendable {
        var list: AnyCasePath<Action, ListFeature.Action> {
          AnyCasePath(Action.list) { if case .list(let action) = $0 { action } else { nil } }
        }
        var detail: AnyCasePath<Action, DetailFeature.Action> {
          AnyCasePath(Action.detail) { if case .detail(let action) = $0 { action } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.list, action: \.list) { ListFeature() }
      Scope(state: \.detail, action: \.detail) { DetailFeature() }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce<State, Action> { state, action in
      switch action {
      case .openListButtonTapped:
        state.path.append(.list(ListFeature.State(items: ["하루", "밤편지"])))
        return .none
      case .path(.element(_, .list(.itemTapped(let name)))):
        state.path.append(.detail(DetailFeature.State(name: name)))
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
  }
}

struct ListFeature: Reducer {
  struct State: Equatable, Sendable {
    var items: [String]
  }

  enum Action: Equatable, Sendable {
    case itemTapped(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct DetailFeature: Reducer {
  struct State: Equatable, Sendable {
    var name: String
    var seconds = 0
    @PresentationState var editor: EditorFeature.State?
  }

  enum Action: Equatable, Sendable, CasePathable {
    case task
    case tick
    case editButtonTapped
    case editor(PresentationAction<EditorFeature.Action>)

    struct AllCasePaths: Sendable {
      var editor: AnyCasePath<Action, PresentationAction<EditorFeature.Action>> {
        AnyCasePath(Action.editor) { if case .editor(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce<State, Action> { state, action in
      switch action {
      case .task:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.seconds += 1
        return .none
      case .editButtonTapped:
        state.editor = EditorFeature.State(text: state.name)
        return .none
      case .editor(.presented(.delegate(.saved(let text)))):
        state.name = text
        return .none
      case .editor:
        return .none
      }
    }
    .ifLet(\.$editor, action: \.editor) { EditorFeature() }
  }
}

struct EditorFeature: Reducer {
  struct State: Equatable, Sendable {
    var text: String
  }

  enum Action: Equatable, BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case saveButtonTapped
    case delegate(Delegate)

    enum Delegate: Equatable, Sendable {
      case saved(String)
    }

    var binding: BindingAction<State>? {
      if case .binding(let action) = self { action } else { nil }
    }

    struct AllCasePaths: Sendable {
      var binding: AnyCasePath<Action, BindingAction<State>> {
        AnyCasePath(Action.binding) { if case .binding(let action) = $0 { action } else { nil } }
      }
      var delegate: AnyCasePath<Action, Delegate> {
        AnyCasePath(Action.delegate) { if case .delegate(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce<State, Action> { state, action in
      switch action {
      case .saveButtonTapped:
        return .run { [text = state.text] send in
          await send(.delegate(.saved(text)))
          await dismiss()
        }
      case .binding, .delegate:
        return .none
      }
    }
  }
}
