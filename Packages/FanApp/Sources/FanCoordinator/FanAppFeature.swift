import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import FanArtistList
import FanChat
import FanProfile
import FanSignIn

/// The fan app: sign in, then the artist list, over which a room or the profile opens.
///
/// The room and the profile are presented with `PresentationState`, so closing one cancels
/// everything it started (a room's polling included). The list stays underneath; what the
/// screens over it change there is shared state, seen at once: the room's unread count (the
/// room reads it down to zero) and the fan's nickname (the profile saves it).
///
/// The list follows the news in every room of the fan's for the whole time they are signed in;
/// news in the open room is read there (its count stays zero), news in another room shows a
/// ``NewMessageNotice`` over the room.
public struct FanAppFeature: Reducer {
  /// The app's state.
  public struct State: Equatable, Sendable {
    /// The sign-in screen, while nobody is signed in.
    public var signIn: SignInFeature.State?
    /// The signed-in fan, shared with the profile, which keeps the nickname current.
    @Shared public var account: Account?
    /// The artist list, once signed in.
    public var artists: ArtistListFeature.State?
    /// The room or profile shown over the list.
    @PresentationState public var destination: Destination.State?
    /// News in another room than the open one.
    public var newMessageNotice: NewMessageNotice?

    /// Creates the state; the app starts on the sign-in screen, restoring the last session.
    public init(
      signIn: SignInFeature.State? = SignInFeature.State(), account: Account? = nil,
      artists: ArtistListFeature.State? = nil, destination: Destination.State? = nil,
      newMessageNotice: NewMessageNotice? = nil
    ) {
      self.signIn = signIn
      self._account = Shared(value: account)
      self.artists = artists
      self.destination = destination
      self.newMessageNotice = newMessageNotice
    }
  }

  /// What happens in the app: the screens' actions.
  public enum Action: Equatable, Sendable, CasePathable {
    /// The sign-in screen.
    case signIn(SignInFeature.Action)
    /// The artist list.
    case artists(ArtistListFeature.Action)
    /// The room or profile over the list.
    case destination(PresentationAction<Destination.Action>)
    /// The server stopped accepting the session, for this reason (any call answered `401`).
    case sessionEnded(String)
    /// The new-message notice has been shown long enough.
    case newMessageNoticeExpired
  }

  /// The effect that listens for the end of the session while someone is signed in.
  public enum CancelID: Hashable, Sendable {
    /// Listening to ``AuthClient/sessionEnded``.
    case session
    /// The timer that takes the new-message notice away.
    case newMessageNotice
  }

  /// How long a new message in another room is announced over the open room.
  public static let newMessageNoticeDuration: Duration = .seconds(10)

  @Dependency(\.authClient.sessionEnded) var sessionEnded
  @Dependency(\.continuousClock) var clock

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
        return .merge(.send(.artists(.view(.task))), followSession())

      case .artists(.delegate(.openRoom(let artist))):
        guard let account = state.account, let artists = state.artists else { return .none }
        state.newMessageNotice = nil
        state.destination = .chat(
          ChatFeature.State(
            artistId: artist.id, artistName: artist.displayName, artistUsername: artist.username,
            myId: account.id, unreadCount: artists.$artists[dynamicMember: \.[unreadCountOf: artist.id]]))
        return .send(.destination(.presented(.chat(.room(.view(.task))))))

      case .artists(.delegate(.openProfile)):
        state.destination = .profile(ProfileFeature.State(account: state.$account))
        return .send(.destination(.presented(.profile(.view(.task)))))

      case .destination(.presented(.chat(.delegate(.close)))),
        .destination(.presented(.profile(.delegate(.close)))):
        state.destination = nil
        state.newMessageNotice = nil
        return .cancel(id: CancelID.newMessageNotice)

      case .artists(.delegate(.newMessages(let artists))):
        guard case .chat(let chat) = state.destination else { return .none }
        // The open room follows its messages and reads each as it arrives: none is unread there.
        if artists.contains(where: { $0.id == chat.artistId }) {
          state.artists?.artists[id: chat.artistId]?.unreadCount = 0
        }
        guard let other = artists.first(where: { $0.id != chat.artistId }) else { return .none }
        state.newMessageNotice = NewMessageNotice(artistId: other.id, artistName: other.displayName)
        return .run { send in
          try await clock.sleep(for: Self.newMessageNoticeDuration)
          await send(.newMessageNoticeExpired)
        }
        .cancellable(id: CancelID.newMessageNotice, cancelInFlight: true)

      case .newMessageNoticeExpired:
        state.newMessageNotice = nil
        return .none

      case .destination(.presented(.profile(.delegate(.signedOut)))):
        state = State(signIn: SignInFeature.State(step: .username))
        return .merge(.cancel(id: CancelID.session), .cancel(id: CancelID.newMessageNotice))

      case .sessionEnded(let reason):
        // Expired or revoked elsewhere: whichever screen's call was refused, sign in again.
        let message = APIError.unauthorized(reason).message
        state = State(
          signIn: SignInFeature.State(step: .username, error: "\(message) (You were signed out.)"))
        return .merge(.cancel(id: CancelID.session), .cancel(id: CancelID.newMessageNotice))

      case .signIn, .artists, .destination:
        return .none
      }
    }
    .ifLet(\.signIn, action: \.signIn) { SignInFeature() }
    .ifLet(\.artists, action: \.artists) { ArtistListFeature() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }

  private func followSession() -> Effect<Action> {
    .run { send in
      for await reason in sessionEnded() { await send(.sessionEnded(reason)) }
    }
    .cancellable(id: CancelID.session, cancelInFlight: true)
  }
}
