import ArtiFans
import ArtiProfile
import ArtistClient
import AuthDataModels
import ComposableArchitecture
import MessageRoom

/// The signed-in artist's home: the room, the fans with their replies, and the profile, one
/// shown at a time.
///
/// Only the tab shown receives new messages: leaving the room or the fans ends following the
/// room there, coming back resumes it from the last message read. While another tab is shown,
/// home follows the news in the room (``ArtistClient/followActivity``) and counts the fans'
/// new replies (``State/newReplies``) until the room is shown again and read: the room then
/// marks where those replies start.
public struct HomeFeature: Reducer {
  /// The tabs of home.
  public enum Tab: Equatable, Sendable {
    /// The room: broadcasts and replies.
    case room
    /// Who subscribes, and each fan's replies.
    case fans
    /// The profile.
    case profile
  }

  /// The session and both tabs' state.
  public struct State: Equatable, Sendable {
    /// Who is signed in, shared with the tabs: the profile keeps the display name current.
    @Shared public var session: Session
    /// The tab shown.
    public var tab: Tab
    /// The artist's room.
    public var room: Room.State
    /// The artist's fans and their replies.
    public var fans: FansFeature.State
    /// The artist's profile.
    public var profile: ProfileFeature.State
    /// Replies that arrived in the room while another tab was shown, until the room is read.
    public var newReplies: Int

    /// Home for `session`, showing `tab`; the profile shares the session's display name.
    public init(
      session: Session, tab: Tab = .room, room: Room.State? = nil, fans: FansFeature.State? = nil,
      profile: ProfileFeature.State = .init(), newReplies: Int = 0
    ) {
      self._session = Shared(value: session)
      self.tab = tab
      self.room = room ?? Room.State(artistId: session.account.id, outbox: Outbox(kind: .broadcast))
      self.fans = fans ?? FansFeature.State(artistId: session.account.id)
      self.profile = profile
      self.newReplies = newReplies
      self.profile.share(displayName: $session.account.displayName)
    }
  }

  /// What can happen at home.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the artist did.
    case view(View)
    /// The room's actions.
    case room(Room.Action)
    /// The fans' actions.
    case fans(FansFeature.Action)
    /// The profile's actions.
    case profile(ProfileFeature.Action)
    /// Following the news in the room, while another tab is shown, reported something.
    case activityUpdated(ActivityUpdate)

    /// What the artist did at home.
    public enum View: Equatable, Sendable {
      /// Home appeared: start the tab shown.
      case task
      /// Another tab was picked.
      case tabSelected(Tab)
    }
  }

  /// The effect that follows the room's news while another tab is shown.
  public enum CancelID: Hashable, Sendable {
    /// Following ``ArtistClient/followActivity``.
    case activity
  }

  @Dependency(\.artistClient.followActivity) var followActivity

  /// Creates the feature.
  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.room, action: \.room) { Room() }
    Scope(state: \.fans, action: \.fans) { FansFeature() }
    Scope(state: \.profile, action: \.profile) { ProfileFeature() }
    Reduce { state, action in
      switch action {
      case .view(.task):
        return appear(state.tab)

      case .view(.tabSelected(let tab)):
        guard tab != state.tab else { return .none }
        let left = state.tab
        state.tab = tab
        if tab == .room {
          return .concatenate(disappear(left), .cancel(id: CancelID.activity), appear(tab))
        }
        return .concatenate(disappear(left), appear(tab), left == .room ? followNews() : .none)

      case .activityUpdated(.changed(let rooms)):
        let mine = rooms.filter { $0.artistId == state.session.account.id }
        state.newReplies += mine.reduce(0) { $0 + $1.newMessageCount }
        return .none

      case .room(.roomUpdated(.loaded)):
        // The room is read from where it was left: the replies counted meanwhile are the newest.
        guard state.newReplies > 0 else { return .none }
        state.room.markUnread(state.newReplies)
        state.newReplies = 0
        return .none

      case .room, .fans, .profile, .activityUpdated:
        return .none
      }
    }
  }

  /// Follows the news while the room is not shown; a failure ends it quietly, as the room tab
  /// says what is wrong with following once it is shown again.
  private func followNews() -> Effect<Action> {
    .run { [followActivity] send in
      for try await update in followActivity() { await send(.activityUpdated(update)) }
    } catch: { _, _ in
    }
    .cancellable(id: CancelID.activity, cancelInFlight: true)
  }

  private func appear(_ tab: Tab) -> Effect<Action> {
    switch tab {
    case .room: .send(.room(.view(.task)))
    case .fans: .send(.fans(.view(.task)))
    case .profile: .send(.profile(.view(.task)))
    }
  }

  private func disappear(_ tab: Tab) -> Effect<Action> {
    switch tab {
    case .room: .send(.room(.view(.disappeared)))
    case .fans: .send(.fans(.view(.disappeared)))
    case .profile: .none
    }
  }
}
