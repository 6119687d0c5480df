import AuthenticationClient
import ComposableArchitecture

/// The second sign-in step: the user types the code sent to them and submits it with the token
/// the first step returned.
public struct TwoFactor: Reducer, Sendable {
  /// The code typed so far and the request's progress.
  public struct State: Equatable, Sendable {
    /// Why the last code was refused.
    @PresentationState public var alert: AlertState<Action.Alert>?
    /// The code typed so far.
    public var code = ""
    /// Whether the code is long enough to submit (four characters or more).
    public var isFormValid = false
    /// Whether a code is being checked.
    public var isTwoFactorRequestInFlight = false
    /// The token from the first step.
    public let token: String

    /// Starts the step for the token the first step returned.
    public init(token: String) {
      self.token = token
    }
  }

  /// What happens on the second-factor screen.
  public enum Action: Sendable, CasePathable, ViewAction {
    /// The alert's buttons (it has none but dismissal).
    case alert(PresentationAction<Alert>)
    /// The server's answer to the code.
    case twoFactorResponse(Result<AuthenticationResponse, any Error>)
    /// What the user did.
    case view(View)

    /// The alert's actions: it has only its dismissal.
    public enum Alert: Equatable, Sendable {}

    /// What the user did on the screen.
    public enum View: BindableAction, Sendable, CasePathable {
      /// A field was edited.
      case binding(BindingAction<State>)
      /// The user submitted the code.
      case submitButtonTapped
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

      case .twoFactorResponse(.failure(let error)):
        state.alert = AlertState { TextState(error.localizedDescription) }
        state.isTwoFactorRequestInFlight = false
        return .none

      case .twoFactorResponse(.success):
        state.isTwoFactorRequestInFlight = false
        return .none

      case .view(.binding):
        state.isFormValid = state.code.count >= 4
        return .none

      case .view(.submitButtonTapped):
        state.isTwoFactorRequestInFlight = true
        return .run { [code = state.code, token = state.token] send in
          await send(
            .twoFactorResponse(
              Result { try await authenticationClient.twoFactor(code: code, token: token) }))
        }
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
