import ArtiProfile
import ArtiSignInPassword
import ArtiSignInUsername
import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitecture

/// The arti app: intro → username → password → home (room, profile), signing in or creating an
/// artist account.
///
/// On launch it restores the saved session and goes straight home when there is one; with none,
/// an account named at launch (``State/user``) has its ID checked at once. The
/// sign-in screens are a navigation stack over the intro; home is presented once signed in,
/// and dismissing it (signing out) cancels everything it was doing and returns to the intro.
public struct ArtiAppFeature: Reducer {
  /// Where the app is.
  public struct State: Equatable, Sendable {
    /// Whether the saved session is being restored.
    public var isRestoring: Bool
    /// A remark for the intro: why the artist is signed out.
    public var notice: String?
    /// The account named at launch (`--user`): asked for at once when no session is saved.
    public var user: String?
    /// The sign-in screens pushed over the intro.
    public var path: StackState<Path.State>
    /// Home, while signed in.
    @PresentationState public var home: HomeFeature.State?

    /// The app at launch: restoring, nothing pushed, not signed in.
    public init(
      isRestoring: Bool = false, notice: String? = nil, user: String? = nil,
      path: StackState<Path.State> = StackState(), home: HomeFeature.State? = nil
    ) {
      self.isRestoring = isRestoring
      self.notice = notice
      self.user = user
      self.path = path
      self.home = home
    }
  }

  /// What can happen in the app.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the artist did on the intro.
    case view(View)
    /// The saved session, if any.
    case restoreResponse(Result<Session?, APIError>)
    /// The sign-in screens' actions.
    case path(StackActionOf<Path>)
    /// Home's actions.
    case home(PresentationAction<HomeFeature.Action>)
    /// The server stopped accepting the session, for this reason (any call answered `401`).
    case sessionEnded(String)

    /// What the artist did on the intro.
    public enum View: Equatable, Sendable {
      /// The app started: restore the saved session.
      case task
      /// "Log in".
      case logInTapped
      /// "Create an account".
      case signUpTapped
    }
  }

  /// The effect that listens for the end of the session while the artist is signed in.
  public enum CancelID: Hashable, Sendable {
    /// Listening to ``AuthClient/sessionEnded``.
    case session
  }

  @Dependency(\.authClient.restoreSession) var restoreSession
  @Dependency(\.authClient.sessionEnded) var sessionEnded

  /// Creates the feature.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.task):
        state.isRestoring = true
        return .run { [restoreSession] send in
          await send(.restoreResponse(Result { try await restoreSession() }))
        }

      case .restoreResponse(.success(let session?)) where session.account.role == .artist:
        state.isRestoring = false
        return goHome(session, &state)

      case .restoreResponse(.success):
        state.isRestoring = false
        guard let user = state.user else { return .none }
        // Named at launch with no session saved: its ID is checked, then its password asked.
        let id = state.path.push(.username(SignInUsernameFeature.State()))
        return .send(.path(.element(id: id, action: .username(.view(.usernameSubmitted(user))))))

      case .restoreResponse(.failure(let error)):
        state.isRestoring = false
        state.notice = "Your saved session could not be checked. \(error.message)"
        return .none

      case .view(.logInTapped), .view(.signUpTapped):
        state.notice = nil
        state.path.append(
          .username(SignInUsernameFeature.State(isNewAccount: action == .view(.signUpTapped))))
        return .none

      case .path(.element(let id, .username(.delegate(.proceed(let username))))):
        guard case .username(let screen) = state.path[id: id] else { return .none }
        state.path.append(
          .password(SignInPasswordFeature.State(username: username, isNewAccount: screen.isNewAccount)))
        return .none

      case .path(.element(let id, .username(.delegate(.back)))),
        .path(.element(let id, .password(.delegate(.back)))):
        state.path.pop(from: id)
        return .none

      case .path(.element(_, .password(.delegate(.signedIn(let session))))):
        return goHome(session, &state)

      case .home(.presented(.profile(.delegate(.signedOut)))), .sessionEnded:
        state.home = nil
        state.path.removeAll()
        // Ended elsewhere (expired or revoked): whichever screen's call was refused, sign in again.
        let ended = if case .sessionEnded = action { true } else { false }
        state.notice = ended ? "Your session has ended. Sign in again." : "You signed out."
        return .cancel(id: CancelID.session)

      case .path, .home:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
    .ifLet(\.$home, action: \.home) { HomeFeature() }
  }

  private func goHome(_ session: Session, _ state: inout State) -> Effect<Action> {
    state.path.removeAll()
    state.notice = nil
    state.home = HomeFeature.State(session: session)
    return .merge(
      .send(.home(.presented(.view(.task)))),
      .run { [sessionEnded] send in
        for await reason in sessionEnded() { await send(.sessionEnded(reason)) }
      }
      .cancellable(id: CancelID.session, cancelInFlight: true))
  }
}
