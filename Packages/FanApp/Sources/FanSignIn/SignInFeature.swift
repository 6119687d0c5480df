import AuthClient
import AuthDataModels
import CommonDataModels
import CommonKit
import ComposableArchitecture

/// Signs a fan in or up: the stored session first, then a username, then a password.
///
/// The username is checked against `AccountRules` and the server before the password is asked,
/// so a taken or unknown name is explained before anything secret is typed.
public struct SignInFeature: Reducer {
  /// Whether the fan has an account already.
  public enum Mode: Equatable, Sendable {
    /// Sign in to an existing account.
    case signIn
    /// Create a new fan account.
    case signUp
  }

  /// Which question the screen asks.
  public enum Step: Equatable, Sendable {
    /// Looking for a stored session before asking anything.
    case restoring
    /// Asking for the username.
    case username
    /// Asking for the password of ``State/username``.
    case password
  }

  /// The sign-in screen's state.
  public struct State: Equatable, Sendable {
    /// Sign in or sign up.
    public var mode: Mode
    /// The question being asked.
    public var step: Step
    /// The username typed last, shown back with what is wrong with it; the password is asked
    /// for it only once it passes the checks. Set at launch (`--user`), it is checked as soon as
    /// no stored session is found.
    public var username: String
    /// What went wrong with the last answer, shown in place.
    public var error: String?
    /// A request is in flight (checking the name, signing in or up).
    public var isWorking: Bool

    /// Creates the state; the app starts at ``Step/restoring``, sign-out returns to ``Step/username``.
    public init(
      mode: Mode = .signIn, step: Step = .restoring, username: String = "", error: String? = nil,
      isWorking: Bool = false
    ) {
      self.mode = mode
      self.step = step
      self.username = username
      self.error = error
      self.isWorking = isWorking
    }
  }

  /// What happens on the sign-in screen.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the fan did.
    case view(View)
    /// The stored session, if the server still accepts it.
    case restoreResponse(Result<Session?, APIError>)
    /// Whether the username exists.
    case usernameChecked(Result<Bool, APIError>)
    /// The session from signing in or up.
    case authResponse(Result<Session, APIError>)
    /// What the parent acts on.
    case delegate(Delegate)

    /// What the fan did on the screen.
    public enum View: Equatable, Sendable {
      /// The screen appeared: restore the stored session.
      case task
      /// A username was typed.
      case usernameSubmitted(String)
      /// A password was typed.
      case passwordSubmitted(String)
      /// Switch between signing in and signing up.
      case modeChanged(Mode)
      /// Go back from the password to the username.
      case backTapped
    }

    /// What the parent acts on.
    public enum Delegate: Equatable, Sendable {
      /// A fan is signed in.
      case signedIn(Session)
    }
  }

  @Dependency(\.authClient) var authClient

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // What went wrong with the last answer is not news once the fan answers again.
    if case .view(let view) = action, view != .task { state.error = nil }
    switch action {
    case .view(.task):
      state.step = .restoring
      state.isWorking = true
      return .run { send in
        await send(.restoreResponse(Result { try await authClient.restoreSession() }))
      }

    case .restoreResponse(.success(let session)):
      state.isWorking = false
      if let session, session.account.role == .fan {
        return .send(.delegate(.signedIn(session)))
      }
      state.step = .username
      // An account named at launch with no session saved: its password is asked at once.
      return state.username.isEmpty ? .none : submitUsername(state.username, &state)

    case .restoreResponse(.failure(let error)):
      state.isWorking = false
      state.step = .username
      state.error = "Could not restore your last session: \(error.message)"
      return .none

    case .view(.usernameSubmitted(let raw)):
      guard !state.isWorking else { return .none }
      return submitUsername(raw, &state)

    case .usernameChecked(.success(let exists)):
      state.isWorking = false
      switch (state.mode, exists) {
      case (.signIn, true), (.signUp, false):
        state.step = .password
      case (.signIn, false):
        state.error = "There is no account named “\(state.username)”. Check the spelling, or create it."
      case (.signUp, true):
        state.error = "“\(state.username)” is taken. Choose another username, or sign in if it is yours."
      }
      return .none

    case .view(.passwordSubmitted(let password)):
      guard !state.isWorking, state.step == .password else { return .none }
      if case .invalid(let problem) = AccountRules.validatePassword(password) {
        state.error = "Password: \(problem.message)"
        return .none
      }
      state.isWorking = true
      let username = state.username
      let mode = state.mode
      return .run { send in
        await send(
          .authResponse(
            Result {
              switch mode {
              case .signIn: try await authClient.signIn(username, password)
              case .signUp:
                try await authClient.signUp(SignUpRequest(username: username, password: password, role: .fan))
              }
            }))
      }

    case .authResponse(.success(let session)):
      state.isWorking = false
      guard session.account.role == .fan else {
        // An artist's session must not linger in the fan app's session file.
        state.step = .username
        state.error = "“\(session.account.username)” is an artist account. Artists use the arti app."
        return .run { _ in try? await authClient.signOut() }
      }
      return .send(.delegate(.signedIn(session)))

    case .usernameChecked(.failure(let error)), .authResponse(.failure(let error)):
      state.isWorking = false
      state.error = error.message
      return .none

    case .view(.modeChanged), .view(.backTapped):
      guard !state.isWorking else { return .none }
      if case .view(.modeChanged(let mode)) = action { state.mode = mode }
      state.step = .username
      return .none

    case .delegate:
      return .none
    }
  }

  /// Checks `raw` against the rules, then asks the server whether it exists.
  private func submitUsername(_ raw: String, _ state: inout State) -> Effect<Action> {
    let username = raw.trimmingWhitespace()
    state.username = username
    if case .invalid(let problem) = AccountRules.validateUsername(username) {
      state.error = problem.message
      return .none
    }
    state.isWorking = true
    return .run { send in
      await send(.usernameChecked(Result { try await authClient.checkExistAccount(username) }))
    }
  }
}
