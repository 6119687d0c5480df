import ArtiFans
import ArtiProfile
import AuthDataModels
import ComposableArchitecture
import MessageRoom

/// The signed-in artist's home: the room, the fans with their replies, and the profile, one
/// shown at a time.
///
/// Only the tab shown receives new messages: leaving the room or the fans ends following the
/// room there, coming back resumes it from the last message read.
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

    /// Home for `session`, showing `tab`; the profile shares the session's display name.
    public init(
      session: Session, tab: Tab = .room, room: Room.State? = nil, fans: FansFeature.State? = nil,
      profile: ProfileFeature.State = .init()
    ) {
      self._session = Shared(value: session)
      self.tab = tab
      self.room = room ?? Room.State(artistId: session.account.id, outbox: Outbox(kind: .broadcast))
      self.fans = fans ?? FansFeature.State(artistId: session.account.id)
      self.profile = profile
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

    /// What the artist did at home.
    public enum View: Equatable, Sendable {
      /// Home appeared: start the tab shown.
      case task
      /// Another tab was picked.
      case tabSelected(Tab)
    }
  }

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
        return .concatenate(disappear(left), appear(tab))

      case .room, .fans, .profile:
        return .none
      }
    }
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
