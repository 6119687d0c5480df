import ArtiSignInPassword
import ArtiSignInUsername
import ComposableArchitecture

extension ArtiAppFeature {
  /// The sign-in screens that can be pushed over the intro.
  public struct Path: Reducer {
    /// One screen's state.
    public enum State: Equatable, Sendable, CasePathable {
      /// The username screen.
      case username(SignInUsernameFeature.State)
      /// The password screen.
      case password(SignInPasswordFeature.State)

      /// The case paths of ``ArtiAppFeature/Path/State``.
      public struct AllCasePaths: Sendable {
        /// `\.username`.
        public var username: AnyCasePath<State, SignInUsernameFeature.State> {
          AnyCasePath(State.username) { if case .username(let v) = $0 { v } else { nil } }
        }
        /// `\.password`.
        public var password: AnyCasePath<State, SignInPasswordFeature.State> {
          AnyCasePath(State.password) { if case .password(let v) = $0 { v } else { nil } }
        }
      }
      /// The case paths of ``ArtiAppFeature/Path/State``.
      public static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    /// One screen's actions.
    public enum Action: Equatable, Sendable, CasePathable {
      /// The username screen's actions.
      case username(SignInUsernameFeature.Action)
      /// The password screen's actions.
      case password(SignInPasswordFeature.Action)

      /// The case paths of ``ArtiAppFeature/Path/Action``.
      public struct AllCasePaths: Sendable {
        /// `\.username`.
        public var username: AnyCasePath<Action, SignInUsernameFeature.Action> {
          AnyCasePath(Action.username) { if case .username(let v) = $0 { v } else { nil } }
        }
        /// `\.password`.
        public var password: AnyCasePath<Action, SignInPasswordFeature.Action> {
          AnyCasePath(Action.password) { if case .password(let v) = $0 { v } else { nil } }
        }
      }
      /// The case paths of ``ArtiAppFeature/Path/Action``.
      public static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    /// Creates the reducer.
    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.username, action: \.username) { SignInUsernameFeature() }
      Scope(state: \.password, action: \.password) { SignInPasswordFeature() }
    }
  }
}
