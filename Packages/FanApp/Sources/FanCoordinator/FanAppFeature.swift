import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import FanArtistList
import FanProfile
import FanRoom
import FanSignIn

/// The fan app: sign in, then the artist list, over which a room or the profile opens.
///
/// The room and the profile are presented with `PresentationState`, so closing one cancels
/// everything it started (a room's polling included). The list stays underneath; what the
/// screens over it change there is shared state, seen at once: the room's unread count (the
/// room reads it down to zero) and the fan's nickname (the profile saves it).
///
/// The list follows the news in every room of the fan's while no room is open over it: an open
/// room follows its own messages, so each message reaches the app as one response; leaving the
/// room starts the list following again from a fresh read of every room's unread count.
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

    /// Creates the state; the app starts on the sign-in screen, restoring the last session.
    public init(
      signIn: SignInFeature.State? = SignInFeature.State(), account: Account? = nil,
      artists: ArtistListFeature.State? = nil, destination: Destination.State? = nil
    ) {
      self.signIn = signIn
      self._account = Shared(value: account)
      self.artists = artists
      self.destination = destination
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
  }

  /// The effect that listens for the end of the session while someone is signed in.
  public enum CancelID: Hashable, Sendable {
    /// Listening to ``AuthClient/sessionEnded``.
    case session
  }

  @Dependency(\.authClient.sessionEnded) var sessionEnded

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
        state.destination = .room(
          RoomFeature.State(
            artistId: artist.id, artistName: artist.displayName, artistUsername: artist.username,
            myId: account.id, unreadCount: artists.$artists[dynamicMember: \.[unreadCountOf: artist.id]]))
        return .send(.destination(.presented(.room(.room(.view(.task))))))

      case .artists(.delegate(.openProfile)):
        state.destination = .profile(ProfileFeature.State(account: state.$account))
        return .send(.destination(.presented(.profile(.view(.task)))))

      case .destination(.presented(.room(.delegate(.close)))):
        state.destination = nil
        return .send(.artists(.view(.shownAgain)))

      case .destination(.dismiss):
        // Dismissed from outside the room: the list is on top again all the same.
        guard case .room = state.destination else { return .none }
        return .send(.artists(.view(.shownAgain)))

      case .destination(.presented(.profile(.delegate(.close)))):
        state.destination = nil
        return .none

      case .destination(.presented(.profile(.delegate(.signedOut)))), .sessionEnded:
        // Expired or revoked elsewhere: whichever screen's call was refused, sign in again.
        let ended = action.sessionEnded.map { "\(APIError.unauthorized($0).message) (You were signed out.)" }
        state = State(signIn: SignInFeature.State(step: .username, error: ended))
        return .cancel(id: CancelID.session)

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
