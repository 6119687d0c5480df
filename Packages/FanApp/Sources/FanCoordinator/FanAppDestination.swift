import ComposableArchitecture
import FanChat
import FanProfile

extension FanAppFeature {
  /// What opens over the artist list: a room or the profile.
  public struct Destination: Reducer {
    /// The screen shown over the list.
    public enum State: Equatable, Sendable, CasePathable {
      /// An artist's room.
      case chat(ChatFeature.State)
      /// The fan's profile.
      case profile(ProfileFeature.State)

      /// Case paths for `\.chat` and `\.profile`.
      public struct AllCasePaths: Sendable {
        /// `\.chat`.
        public var chat: AnyCasePath<State, ChatFeature.State> {
          AnyCasePath(State.chat) { if case .chat(let value) = $0 { value } else { nil } }
        }
        /// `\.profile`.
        public var profile: AnyCasePath<State, ProfileFeature.State> {
          AnyCasePath(State.profile) { if case .profile(let value) = $0 { value } else { nil } }
        }
      }
      /// The case paths.
      public static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    /// The actions of the screen shown over the list.
    public enum Action: Equatable, Sendable, CasePathable {
      /// The room's.
      case chat(ChatFeature.Action)
      /// The profile's.
      case profile(ProfileFeature.Action)

      /// Case paths for `\.chat` and `\.profile`.
      public struct AllCasePaths: Sendable {
        /// `\.chat`.
        public var chat: AnyCasePath<Action, ChatFeature.Action> {
          AnyCasePath(Action.chat) { if case .chat(let value) = $0 { value } else { nil } }
        }
        /// `\.profile`.
        public var profile: AnyCasePath<Action, ProfileFeature.Action> {
          AnyCasePath(Action.profile) { if case .profile(let value) = $0 { value } else { nil } }
        }
      }
      /// The case paths.
      public static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    /// Creates the destination reducer.
    public init() {}

    /// The room's and the profile's reducers, each while its screen is shown.
    public var body: some ReducerOf<Self> {
      Scope(state: \.chat, action: \.chat) { ChatFeature() }
      Scope(state: \.profile, action: \.profile) { ProfileFeature() }
    }
  }
}
