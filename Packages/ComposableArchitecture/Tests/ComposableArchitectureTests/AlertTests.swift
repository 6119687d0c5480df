import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// A destination enum with an alert and a dialog, the way TCA features present them.
struct AlertDestination: Reducer {
  enum State: Equatable, CasePathable {
    case alert(AlertState<AlertHost.Alert>)
    case dialog(ConfirmationDialogState<AlertHost.Dialog>)

    struct AllCasePaths: Sendable {
      var alert: AnyCasePath<State, AlertState<AlertHost.Alert>> {
        AnyCasePath(State.alert) { if case .alert(let state) = $0 { state } else { nil } }
      }
      var dialog: AnyCasePath<State, ConfirmationDialogState<AlertHost.Dialog>> {
        AnyCasePath(State.dialog) { if case .dialog(let state) = $0 { state } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  enum Action: Equatable, CasePathable {
    case alert(AlertHost.Alert)
    case dialog(AlertHost.Dialog)

    struct AllCasePaths: Sendable {
      var alert: AnyCasePath<Action, AlertHost.Alert> {
        AnyCasePath(Action.alert) { if case .alert(let action) = $0 { action } else { nil } }
      }
      var dialog: AnyCasePath<Action, AlertHost.Dialog> {
        AnyCasePath(Action.dialog) { if case .dialog(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.alert, action: \.alert) { EmptyReducer() }
    Scope(state: \.dialog, action: \.dialog) { EmptyReducer() }
  }
}

struct AlertHost: Reducer {
  enum Alert: Equatable, Sendable { case confirm, deny, askAgain }
  enum Dialog: Equatable, Sendable { case leave }

  struct State: Equatable {
    @PresentationState var destination: AlertDestination.State?
    var plainAlert: AlertState<Alert>?
    var log: [String] = []
  }

  enum Action: Equatable, CasePathable {
    case destination(PresentationActionOf<AlertDestination>)
    case plainAlert(Alert)
    case showAlert
    case showPlainAlert

    struct AllCasePaths: Sendable {
      var destination: AnyCasePath<Action, PresentationAction<AlertDestination.Action>> {
        AnyCasePath(Action.destination) { if case .destination(let action) = $0 { action } else { nil } }
      }
      var plainAlert: AnyCasePath<Action, Alert> {
        AnyCasePath(Action.plainAlert) { if case .plainAlert(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  static let alert = AlertState<Alert> {
    TextState("Delete?")
  } actions: {
    ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
    ButtonState(role: .cancel, action: .deny) { TextState("Keep") }
  } message: {
    TextState("This cannot be undone.")
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showAlert:
        state.destination = .alert(Self.alert)
      case .showPlainAlert:
        state.plainAlert = Self.alert
      case .destination(.presented(.alert(.confirm))), .plainAlert(.confirm):
        state.log.append("confirm")
      case .destination(.presented(.alert(.deny))), .plainAlert(.deny):
        state.log.append("deny")
      case .destination(.presented(.alert(.askAgain))):
        // A new alert, made while handling the current one's button.
        state.destination = .alert(AlertState(title: "Really delete?"))
      case .plainAlert(.askAgain):
        state.plainAlert = AlertState(title: "Really delete?")
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: \.destination) { AlertDestination() }
    .ifLet(\.plainAlert, action: \.plainAlert)
  }
}

@MainActor
struct AlertTests {
  @Test func alertBuilder_buildsTitleButtonsAndMessage() {
    #expect(
      AlertHost.alert
        == AlertState(
          title: "Delete?", message: "This cannot be undone.",
          buttons: [.destructive("Delete", action: .confirm), .cancel("Keep", action: .deny)]))
    let dialog = ConfirmationDialogState<AlertHost.Dialog> {
      TextState("Leave?")
    } actions: {
      ButtonState(role: .destructive, action: .leave) { TextState("Leave") }
      for label in ["Stay", "Later"] {
        ButtonState(role: .cancel) { TextState(label) }
      }
    }
    #expect(dialog.title == "Leave?")
    #expect(dialog.buttons.map(\.label) == ["Leave", "Stay", "Later"])
  }

  @Test func destinationAlert_anyOfItsActions_dismissesIt() async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost() }
    await store.send(.showAlert) { $0.destination = .alert(AlertHost.alert) }
    await store.send(.destination(.presented(.alert(.confirm)))) {
      $0.destination = nil
      $0.log = ["confirm"]
    }
    await store.send(.showAlert) { $0.destination = .alert(AlertHost.alert) }
    await store.send(.destination(.presented(.alert(.deny)))) {
      $0.destination = nil
      $0.log = ["confirm", "deny"]
    }
  }

  @Test func destinationAlert_actionOfAnotherCase_leavesTheAlertPresented() async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost() }
    await store.send(.showAlert) { $0.destination = .alert(AlertHost.alert) }
    let issues = await collectIssues {
      await store.send(.destination(.presented(.dialog(.leave))))
    }
    // The dialog's scope reports the stray action; the alert stays up.
    #expect(issues.count == 1)
    #expect(store.state.destination == .alert(AlertHost.alert))
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func plainOptionalAlert_anyOfItsActions_clearsIt() async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost() }
    await store.send(.showPlainAlert) { $0.plainAlert = AlertHost.alert }
    await store.send(.plainAlert(.deny)) {
      $0.plainAlert = nil
      $0.log = ["deny"]
    }
  }

  @Test func destinationAlert_parentPresentsANewAlertFromAButton_keepsTheNewOne() async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost() }
    await store.send(.showAlert) { $0.destination = .alert(AlertHost.alert) }
    await store.send(.destination(.presented(.alert(.askAgain)))) {
      $0.destination = .alert(AlertState(title: "Really delete?"))
    }
    await store.send(.destination(.presented(.alert(.deny)))) {
      $0.destination = nil
      $0.log = ["deny"]
    }
  }

  @Test func plainOptionalAlert_parentPresentsANewAlertFromAButton_keepsTheNewOne() async {
    let store = TestStore(initialState: AlertHost.State()) { AlertHost() }
    await store.send(.showPlainAlert) { $0.plainAlert = AlertHost.alert }
    await store.send(.plainAlert(.askAgain)) { $0.plainAlert = AlertState(title: "Really delete?") }
  }

  @Test func alertState_eachMadeHasItsOwnIdentity_butEqualityIgnoresIt() {
    let first = AlertState<AlertHost.Alert>(title: "Delete?")
    let second = AlertState<AlertHost.Alert>(title: "Delete?")
    #expect(first.id != second.id)
    #expect(first == second)
    #expect(first.map { $0 }.id == first.id)
  }
}
