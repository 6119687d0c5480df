import ComposableArchitecture

/// A search form as a TCA user writes one: bound fields, a reaction to one field matched by key
/// path, payload-less actions, and a destination enum presenting an editor.
struct SearchFormFeature: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var isFavoritesOnly = false
    var searchCount = 0
    @PresentationState var destination: Destination.State?
  }

  enum Action: Equatable, BindableAction, CasePathable {
    case binding(BindingAction<State>)
    case clearButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case filtersButtonTapped
    case savedSearchOpened(String)

    var binding: BindingAction<State>? {
      if case .binding(let action) = self { action } else { nil }
    }

    struct AllCasePaths: Sendable {
      var binding: AnyCasePath<Action, BindingAction<State>> {
        AnyCasePath(Action.binding) { if case .binding(let action) = $0 { action } else { nil } }
      }
      var clearButtonTapped: AnyCasePath<Action, Void> {
        AnyCasePath(embed: { .clearButtonTapped }) {
          if case .clearButtonTapped = $0 { () } else { nil }
        }
      }
      var destination: AnyCasePath<Action, PresentationAction<Destination.Action>> {
        AnyCasePath(Action.destination) {
          if case .destination(let action) = $0 { action } else { nil }
        }
      }
      var savedSearchOpened: AnyCasePath<Action, String> {
        AnyCasePath(Action.savedSearchOpened) {
          if case .savedSearchOpened(let query) = $0 { query } else { nil }
        }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  struct Destination: Reducer {
    enum State: Equatable, Sendable, CasePathable {
      case editor(EditorFeature.State)
      case help

      struct AllCasePaths: Sendable {
        var editor: AnyCasePath<State, EditorFeature.State> {
          AnyCasePath(State.editor) { if case .editor(let state) = $0 { state } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    enum Action: Equatable, Sendable, CasePathable {
      case editor(EditorFeature.Action)

      struct AllCasePaths: Sendable {
        var editor: AnyCasePath<Action, EditorFeature.Action> {
          AnyCasePath(Action.editor) { if case .editor(let action) = $0 { action } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.editor, action: \.editor) { EditorFeature() }
    }
  }

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce<State, Action> { state, action in
      switch action {
      case .binding(\.query):
        state.searchCount += 1
        return .none
      case .binding:
        return .none
      case .clearButtonTapped:
        state.query = ""
        return .none
      case .destination:
        return .none
      case .filtersButtonTapped:
        state.destination = .editor(EditorFeature.State(text: state.query))
        return .none
      case .savedSearchOpened(let query):
        return .send(.set(\.query, query))
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}
