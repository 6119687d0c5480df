import AuthClient
import AuthDataModels
import CommonDataModels
import CommonKit
import ComposableArchitecture

/// The password screen: the artist types the password of the account found on the username
/// screen and signs in, or, creating an account, chooses the new account's password and signs up.
///
/// The live auth client keeps the session for the next launch. Refusals (wrong password, a
/// locked account, a fan's account, the server unreachable) are shown in place, and the
/// password is cleared so it can be typed again.
public struct SignInPasswordFeature: Reducer {
  /// The account, the typed password and the sign-in's progress.
  public struct State: Equatable, Sendable {
    /// The account signing in.
    public var username: String
    /// Whether the account is being created (signing up) rather than signed in to.
    public var isNewAccount: Bool
    /// The password as typed (shown masked).
    public var password: String
    /// Whether the sign-in request is in flight.
    public var isSigningIn: Bool
    /// A problem with the typed password, found before asking the server.
    public var passwordProblem: PasswordProblem?
    /// Why the last sign-in failed.
    public var error: SignInError?

    /// A screen for signing in to `username`, or with `isNewAccount` for creating it.
    public init(
      username: String, isNewAccount: Bool = false, password: String = "", isSigningIn: Bool = false,
      error: SignInError? = nil
    ) {
      self.username = username
      self.isNewAccount = isNewAccount
      self.password = password
      self.isSigningIn = isSigningIn
      self.error = error
    }
  }

  /// What can happen on the screen.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the artist did.
    case view(View)
    /// The server's answer to signing in or up.
    case signInResponse(Result<Session, APIError>)
    /// A fan's account was signed in and signed out again.
    case notAnArtistSignedOut
    /// What the parent must do.
    case delegate(Delegate)

    /// What the artist did on the screen.
    public enum View: Equatable, Sendable {
      /// The password was typed and submitted (Enter in the terminal, "Sign in" elsewhere).
      case passwordSubmitted(String)
      /// "Back" to the username.
      case backTapped
    }

    /// Requests to the coordinator.
    public enum Delegate: Equatable, Sendable {
      /// Signed in as an artist.
      case signedIn(Session)
      /// Go back to the username screen.
      case back
    }
  }

  enum CancelID: Hashable, Sendable { case signIn }

  @Dependency(\.authClient) var authClient

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.passwordSubmitted(let password)):
      guard !state.isSigningIn else { return .none }
      state.password = password
      state.error = nil
      if let problem = AccountRules.validatePassword(state.password).problem {
        state.passwordProblem = problem
        return .none
      }
      state.passwordProblem = nil
      state.isSigningIn = true
      let request = SignUpRequest(username: state.username, password: state.password, role: .artist)
      return .run { [isNewAccount = state.isNewAccount, authClient] send in
        await send(
          .signInResponse(
            Result {
              isNewAccount
                ? try await authClient.signUp(request)
                : try await authClient.signIn(request.username, request.password)
            }))
      }
      .cancellable(id: CancelID.signIn, cancelInFlight: true)

    case .signInResponse(.success(let session)) where session.account.role != .artist:
      // The session was stored; a fan's session must not linger in the artist app.
      return .run { [authClient] send in
        try? await authClient.signOut()
        await send(.notAnArtistSignedOut)
      }

    case .signInResponse(.success(let session)):
      state.isSigningIn = false
      state.password = ""
      return .send(.delegate(.signedIn(session)))

    case .signInResponse(.failure(let error)):
      state.isSigningIn = false
      state.password = ""
      state.error = SignInError(error)
      return .none

    case .notAnArtistSignedOut:
      state.isSigningIn = false
      state.password = ""
      state.error = .notAnArtist
      return .none

    case .view(.backTapped):
      state.isSigningIn = false
      state.password = ""
      return .merge(.cancel(id: CancelID.signIn), .send(.delegate(.back)))

    case .delegate:
      return .none
    }
  }
}
