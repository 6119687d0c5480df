import AuthClient
import CommonDataModels
import CommonKit
import ComposableArchitecture

/// The screen after the intro: the artist types a login ID and the app checks that it exists
/// (or, creating an account, that it is free).
///
/// The input state is computed from the text on every change; a well-formed name is checked
/// with the server after a short pause, and a newer change cancels the check in flight. "Next"
/// is allowed only once the check allows the ID. An ID submitted whole (Enter in the terminal)
/// is checked at once and goes on by itself once allowed, with no separate "next" step.
public struct SignInUsernameFeature: Reducer {
  /// The typed username and what is known about it.
  public struct State: Equatable, Sendable {
    /// The username as typed, without surrounding whitespace.
    public var username: String
    /// What the text and the server said about it.
    public var inputState: InputState
    /// Whether the artist is creating an account: the ID must then be free, not taken.
    public var isNewAccount: Bool
    /// Whether the ID was submitted whole: the screen goes on once the check allows it.
    public var isSubmitted: Bool

    /// A screen showing `username`, whose state is `inputState`, signing in or, with
    /// `isNewAccount`, choosing the ID of a new account.
    public init(
      username: String = "", inputState: InputState = .empty, isNewAccount: Bool = false,
      isSubmitted: Bool = false
    ) {
      self.username = username
      self.inputState = inputState
      self.isNewAccount = isNewAccount
      self.isSubmitted = isSubmitted
    }
  }

  /// What can happen on the screen.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the artist did.
    case view(View)
    /// The server answered whether the account `username` exists.
    case checkResponse(username: String, Result<Bool, APIError>)
    /// What the parent must do.
    case delegate(Delegate)

    /// What the artist did on the screen.
    public enum View: Equatable, Sendable {
      /// The username was typed (surrounding whitespace is dropped).
      case usernameChanged(String)
      /// The username was submitted whole (Enter): check it now and go on once allowed.
      case usernameSubmitted(String)
      /// "Next": go on to the password when the account exists, or retry a failed check.
      case nextTapped
      /// "Back" to the intro.
      case backTapped
    }

    /// Requests to the coordinator.
    public enum Delegate: Equatable, Sendable {
      /// The ID is allowed (the account exists, or is free to create): ask for its password.
      case proceed(username: String)
      /// Leave sign-in.
      case back
    }
  }

  /// How long typing must pause before the server is asked.
  public static let checkDelay: Duration = .milliseconds(300)

  enum CancelID: Hashable, Sendable { case check }

  @Dependency(\.authClient.checkExistAccount) var checkExistAccount
  @Dependency(\.continuousClock) var clock

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.usernameChanged(let text)):
      let username = text.trimmingWhitespace()
      guard username != state.username else { return .none }
      state.isSubmitted = false
      return change(to: username, &state)

    case .view(.usernameSubmitted(let text)):
      let username = text.trimmingWhitespace()
      if username == state.username, state.inputState == .ok {
        return .send(.delegate(.proceed(username: username)))
      }
      state.isSubmitted = true
      let effect = change(to: username, &state, debounced: false)
      if state.inputState != .checking { state.isSubmitted = false }
      return effect

    case .checkResponse(let username, let result):
      // A response for older text may slip in just before its cancellation lands.
      guard username == state.username, state.inputState == .checking else { return .none }
      switch result {
      case .success(let exists) where exists != state.isNewAccount: state.inputState = .ok
      case .success: state.inputState = state.isNewAccount ? .taken : .notFound
      case .failure(let error): state.inputState = .checkFailed(error.message)
      }
      guard state.isSubmitted, state.inputState == .ok else { return .none }
      state.isSubmitted = false
      return .send(.delegate(.proceed(username: username)))

    case .view(.nextTapped):
      switch state.inputState {
      case .ok:
        return .send(.delegate(.proceed(username: state.username)))
      case .checkFailed:
        state.inputState = .checking
        return check(state.username)
      case .empty, .invalid, .checking, .notFound, .taken:
        return .none
      }

    case .view(.backTapped):
      return .merge(.cancel(id: CancelID.check), .send(.delegate(.back)))

    case .delegate:
      return .none
    }
  }

  /// The text is now `username`: its state from the text alone, and a check when well formed,
  /// after ``checkDelay`` unless not `debounced`.
  private func change(to username: String, _ state: inout State, debounced: Bool = true) -> Effect<Action> {
    state.username = username
    state.inputState = InputState(text: username)
    guard state.inputState == .checking else { return .cancel(id: CancelID.check) }
    return check(username, debounced: debounced)
  }

  private func check(_ username: String, debounced: Bool = true) -> Effect<Action> {
    let effect = Effect<Action>.run { send in
      await send(.checkResponse(username: username, Result { try await checkExistAccount(username) }))
    }
    return debounced
      ? effect.debounce(id: CancelID.check, for: Self.checkDelay, clock: clock)
      : effect.cancellable(id: CancelID.check, cancelInFlight: true)
  }
}
