import AuthenticationClient
import ComposableArchitecture
import TwoFactorCore

/// The first sign-in step: an email and a password, then the second factor when the account
/// asks for one.
public struct Login: Reducer, Sendable {
  /// The form, the request's progress, and what it presents.
  public struct State: Equatable, Sendable {
    /// Why the last attempt failed.
    @PresentationState public var alert: AlertState<Action.Alert>?
    /// The email typed so far.
    public var email = ""
    /// Whether both fields are filled in.
    public var isFormValid = false
    /// Whether the email and password are being checked.
    public var isLoginRequestInFlight = false
    /// The password typed so far.
    public var password = ""
    /// The second-factor step, presented when the account needs it.
    @PresentationState public var twoFactor: TwoFactor.State?

    /// Starts with an empty form.
    public init() {}
  }

  /// What happens on the sign-in screen.
  public enum Action: Sendable, CasePathable, ViewAction {
    /// The alert's buttons (it has none but dismissal).
    case alert(PresentationAction<Alert>)
    /// The server's answer to the email and password.
    case loginResponse(Result<AuthenticationResponse, any Error>)
    /// The presented second-factor step.
    case twoFactor(PresentationAction<TwoFactor.Action>)
    /// What the user did.
    case view(View)

    /// The alert's actions: it has only its dismissal.
    public enum Alert: Equatable, Sendable {}

    /// What the user did on the screen.
    public enum View: BindableAction, Sendable, CasePathable {
      /// A field was edited.
      case binding(BindingAction<State>)
      /// The user submitted the form.
      case loginButtonTapped
    }
  }

  @Dependency(\.authenticationClient) var authenticationClient

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer(action: \.view)
    Reduce { state, action in
      switch action {
      case .alert:
        return .none

      case .loginResponse(.success(let response)):
        state.isLoginRequestInFlight = false
        if response.twoFactorRequired {
          state.twoFactor = TwoFactor.State(token: response.token)
        }
        return .none

      case .loginResponse(.failure(let error)):
        state.alert = AlertState { TextState(error.localizedDescription) }
        state.isLoginRequestInFlight = false
        return .none

      case .twoFactor:
        return .none

      case .view(.binding):
        state.isFormValid = !state.email.isEmpty && !state.password.isEmpty
        return .none

      case .view(.loginButtonTapped):
        state.isLoginRequestInFlight = true
        return .run { [email = state.email, password = state.password] send in
          await send(
            .loginResponse(
              Result { try await authenticationClient.login(email: email, password: password) }))
        }
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$twoFactor, action: \.twoFactor) {
      TwoFactor()
    }
  }
}
