import ComposableArchitecture
import LoginCore
import NewGameCore

/// The whole app: signing in, then starting games until the players log out.
///
/// TCA writes this as a `@Reducer enum` with a body of its own. scripts/codegen's
/// `// codegen: enum reducer` writes the body too, so the `Action` that it would write is
/// declared here instead, and the body scopes each case itself.
public struct TicTacToe: Reducer {
  /// The screen shown.
  public enum State: Equatable, Sendable, CasePathable {
    /// Signing in.
    case login(Login.State)
    /// Naming the players and playing.
    case newGame(NewGame.State)
  }

  /// The actions of the screen shown.
  public enum Action: Sendable, CasePathable {
    /// ``Login``'s actions, while the state is ``State/login(_:)``.
    case login(Login.Action)
    /// ``NewGame``'s actions, while the state is ``State/newGame(_:)``.
    case newGame(NewGame.Action)
  }

  /// Creates the reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .login(.twoFactor(.presented(.twoFactorResponse(.success)))):
        state = .newGame(NewGame.State())
        return .none

      case .login(.loginResponse(.success(let response))) where !response.twoFactorRequired:
        state = .newGame(NewGame.State())
        return .none

      case .login:
        return .none

      case .newGame(.logoutButtonTapped):
        state = .login(Login.State())
        return .none

      case .newGame:
        return .none
      }
    }
    .ifCaseLet(\.login, action: \.login) {
      Login()
    }
    .ifCaseLet(\.newGame, action: \.newGame) {
      NewGame()
    }
  }
}
