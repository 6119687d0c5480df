import AuthDataModels
import ComposableArchitecture
import FanArtistList
import FanChat
import FanProfile
import FanSignIn

/// The fan app: sign in, then the artist list, from which a room or the profile opens.
///
/// Exactly one screen shows: the room or the profile over the list, or the sign-in screen when
/// nobody is signed in. The list stays underneath while a room is open, and is refreshed when
/// the room closes so unread counts are current.
public struct FanAppFeature: Reducer {
  /// The app's state.
  public struct State: Equatable, Sendable {
    /// The sign-in screen, while nobody is signed in.
    public var signIn: SignInFeature.State?
    /// The signed-in fan.
    public var account: Account?
    /// The artist list, once signed in.
    public var artists: ArtistListFeature.State?
    /// An open room, over the list.
    public var chat: ChatFeature.State?
    /// The profile, over the list.
    public var profile: ProfileFeature.State?

    /// Creates the state; the app starts on the sign-in screen, restoring the last session.
    public init(
      signIn: SignInFeature.State? = SignInFeature.State(), account: Account? = nil,
      artists: ArtistListFeature.State? = nil, chat: ChatFeature.State? = nil,
      profile: ProfileFeature.State? = nil
    ) {
      self.signIn = signIn
      self.account = account
      self.artists = artists
      self.chat = chat
      self.profile = profile
    }
  }

  /// What happens in the app: the screens' actions.
  public enum Action: Equatable, Sendable, CasePathable {
    /// The sign-in screen.
    case signIn(SignInFeature.Action)
    /// The artist list.
    case artists(ArtistListFeature.Action)
    /// The open room.
    case chat(ChatFeature.Action)
    /// The profile.
    case profile(ProfileFeature.Action)

    /// Case paths for `\.signIn`, `\.artists`, `\.chat` and `\.profile`.
    public struct AllCasePaths: Sendable {
      /// `\.signIn`.
      public var signIn: AnyCasePath<Action, SignInFeature.Action> {
        AnyCasePath(Action.signIn) { if case .signIn(let value) = $0 { value } else { nil } }
      }
      /// `\.artists`.
      public var artists: AnyCasePath<Action, ArtistListFeature.Action> {
        AnyCasePath(Action.artists) { if case .artists(let value) = $0 { value } else { nil } }
      }
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

  /// Creates the app's reducer.
  public init() {}

  /// The screens' reducers, then the navigation between them.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .signIn(.delegate(.signedIn(let session))):
        state.signIn = nil
        state.account = session.account
        state.artists = ArtistListFeature.State()
        return .send(.artists(.view(.task)))

      case .artists(.delegate(.openRoom(let artist))):
        guard let account = state.account else { return .none }
        state.chat = ChatFeature.State(
          artistId: artist.id, artistName: artist.displayName, artistUsername: artist.username,
          myId: account.id)
        return .send(.chat(.view(.task)))

      case .artists(.delegate(.openProfile)):
        state.profile = ProfileFeature.State()
        return .send(.profile(.view(.task)))

      case .chat(.delegate(.close)):
        state.chat = nil
        return .send(.artists(.view(.refreshTapped)))

      case .profile(.delegate(.close)):
        state.profile = nil
        return .none

      case .profile(.delegate(.signedOut)):
        state = State(signIn: SignInFeature.State(step: .username))
        return .none

      case .signIn, .artists, .chat, .profile:
        return .none
      }
    }
    .ifLet(\.signIn, action: \.signIn) { SignInFeature() }
    .ifLet(\.artists, action: \.artists) { ArtistListFeature() }
    .ifLet(\.chat, action: \.chat) { ChatFeature() }
    .ifLet(\.profile, action: \.profile) { ProfileFeature() }
  }
}
