import AuthClient
import CommonDataModels
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
  public enum Action: Equatable, BindableAction, CasePathable {
    /// The bound username field changed: `.set(\.username, text)`.
    case binding(BindingAction<State>)
    /// The server answered whether the account `username` exists.
    case checkResponse(username: String, Result<Bool, APIError>)
    /// "Next": go on to the password when the account exists, or retry a failed check.
    case nextButtonTapped
    /// "Back" to the intro.
    case backButtonTapped
    /// What the parent must do.
    case delegate(Delegate)

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

  public var body: some ReducerOf<Self> {
    BindingReducer()
      .onChange(of: \.username) { _, username in
        Reduce { state, _ in
          state.inputState = InputState(text: username)
          guard state.inputState == .checking else { return .cancel(id: CancelID.check) }
          return check(username)
        }
      }
    Reduce { state, action in
      switch action {
      case .binding:
        return .none

      case .checkResponse(let username, let result):
        // A response for older text may slip in just before its cancellation lands.
        guard username == state.username, state.inputState == .checking else { return .none }
        switch result {
        case .success(true): state.inputState = .ok
        case .success(false): state.inputState = .notFound
        case .failure(let error): state.inputState = .checkFailed(error.message)
        }
        return .none

      case .nextButtonTapped:
        switch state.inputState {
        case .ok:
          return .send(.delegate(.proceed(username: state.username)))
        case .checkFailed:
          state.inputState = .checking
          return check(state.username)
        case .empty, .invalid, .checking, .notFound:
          return .none
        }

      case .backButtonTapped:
        return .merge(.cancel(id: CancelID.check), .send(.delegate(.back)))

      case .delegate:
        return .none
      }
    }
  }

  private func check(_ username: String) -> Effect<Action> {
    .run { send in
      let result: Result<Bool, APIError>
      do {
        result = .success(try await checkExistAccount(username))
      } catch {
        result = .failure(APIError(error))
      }
      await send(.checkResponse(username: username, result))
    }
    .debounce(id: CancelID.check, for: Self.checkDelay, clock: clock)
  }
}
