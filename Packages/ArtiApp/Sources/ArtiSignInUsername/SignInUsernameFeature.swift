import AuthClient
import CommonDataModels
import CommonKit
import ComposableArchitecture

/// The screen after the intro: the artist types a login ID and the app checks that it exists.
///
/// The input state is computed from the text on every change; a well-formed name is checked
/// with the server after a short pause, and a newer change cancels the check in flight. "Next"
/// is allowed only once the account is known to exist.
public struct SignInUsernameFeature: Reducer {
  /// The typed username and what is known about it.
  public struct State: Equatable, Sendable {
    /// The username as typed, without surrounding whitespace.
    public var username: String
    /// What the text and the server said about it.
    public var inputState: InputState

    /// A screen showing `username`, whose state is `inputState`.
    public init(username: String = "", inputState: InputState = .empty) {
      self.username = username
      self.inputState = inputState
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
      /// "Next": go on to the password when the account exists, or retry a failed check.
      case nextTapped
      /// "Back" to the intro.
      case backTapped
    }

    /// Requests to the coordinator.
    public enum Delegate: Equatable, Sendable {
      /// The account exists: ask for its password.
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
      state.username = username
      state.inputState = InputState(text: username)
      guard state.inputState == .checking else { return .cancel(id: CancelID.check) }
      return check(username)

    case .checkResponse(let username, let result):
      // A response for older text may slip in just before its cancellation lands.
      guard username == state.username, state.inputState == .checking else { return .none }
      switch result {
      case .success(true): state.inputState = .ok
      case .success(false): state.inputState = .notFound
      case .failure(let error): state.inputState = .checkFailed(error.message)
      }
      return .none

    case .view(.nextTapped):
      switch state.inputState {
      case .ok:
        return .send(.delegate(.proceed(username: state.username)))
      case .checkFailed:
        state.inputState = .checking
        return check(state.username)
      case .empty, .invalid, .checking, .notFound:
        return .none
      }

    case .view(.backTapped):
      return .merge(.cancel(id: CancelID.check), .send(.delegate(.back)))

    case .delegate:
      return .none
    }
  }

  private func check(_ username: String) -> Effect<Action> {
    .run { send in
      await send(.checkResponse(username: username, Result { try await checkExistAccount(username) }))
    }
    .debounce(id: CancelID.check, for: Self.checkDelay, clock: clock)
  }
}
