import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// A feature whose view's actions, its bindings among them, sit in one `view` case.
struct LoginForm: Reducer {
  struct State: Equatable {
    var email = ""
    var submitted: String?
  }

  enum Action: Equatable, ViewAction, CasePathable {
    case view(View)
    case loginResponse(Bool)

    enum View: Equatable, BindableAction {
      case binding(BindingAction<State>)
      case loginButtonTapped

      var binding: BindingAction<State>? {
        if case .binding(let action) = self { action } else { nil }
      }
    }

    struct AllCasePaths: Sendable {
      var view: AnyCasePath<Action, View> {
        AnyCasePath(Action.view) { if case .view(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      if case .view(.loginButtonTapped) = action { state.submitted = state.email }
      return .none
    }
  }
}

@MainActor
struct ViewActionBindingTests {
  @Test func bindingReducerOfTheViewCase_appliesTheViewsBindings() async {
    let store = TestStore(initialState: LoginForm.State()) { LoginForm() }
    await store.send(.view(.set(\.email, "iu@fromm.example"))) { $0.email = "iu@fromm.example" }
    await store.send(.view(.loginButtonTapped)) { $0.submitted = "iu@fromm.example" }
  }

  @Test func storeSendView_wrapsTheActionInTheViewCase() {
    let store = Store(initialState: LoginForm.State()) { LoginForm() }
    store.send(view: .set(\.email, "taeyeon@fromm.example"))
    store.send(view: .loginButtonTapped)
    #expect(store.state.submitted == "taeyeon@fromm.example")
  }
}
