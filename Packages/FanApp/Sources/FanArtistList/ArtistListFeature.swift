import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitecture

/// Every artist, with the fan's subscriptions and unread counts; subscribe, unsubscribe, reload,
/// and open a subscribed artist's room.
///
/// While the list is on top (or under the profile) it follows the news in the fan's rooms
/// (``ArtistClient/followActivity``), so unread counts move without a reload. Opening a room
/// stops following: the room follows its own messages, and the list following too would answer
/// every message twice. When the fan comes back (``Action/View/shownAgain``), following starts
/// again with a fresh read of every room, so nothing that arrived meanwhile is missed. Following
/// starts again by itself, backing off, after a failure the client does not retry itself.
public struct ArtistListFeature: Reducer {
  /// The list's state.
  public struct State: Equatable, Sendable {
    /// The artists, in the server's order (by display name); shared, so that a room opened from
    /// the list keeps its unread count current (`$artists[dynamicMember: \.[unreadCountOf: id]]`).
    @Shared public var artists: IdentifiedArrayOf<ArtistSummary>
    /// The list is being (re)loaded.
    public var isLoading: Bool
    /// The artist whose subscription is being changed, and whether to subscribe.
    public var pending: Pending?
    /// What went wrong, shown in place.
    public var error: Problem?
    /// What just went right.
    public var notice: String?
    /// Why unread counts are not live right now; `nil` while they follow the server.
    public var liveUpdatesPause: LiveUpdatesPause?

    /// A subscription change in flight.
    public struct Pending: Equatable, Sendable {
      /// The artist.
      public var artistId: AccountID
      /// Subscribing (`true`) or unsubscribing.
      public var subscribe: Bool

      /// Creates a pending change.
      public init(artistId: AccountID, subscribe: Bool) {
        self.artistId = artistId
        self.subscribe = subscribe
      }
    }

    /// Creates the state.
    public init(
      artists: IdentifiedArrayOf<ArtistSummary> = [], isLoading: Bool = false, pending: Pending? = nil,
      error: Problem? = nil, notice: String? = nil, liveUpdatesPause: LiveUpdatesPause? = nil
    ) {
      self._artists = Shared(value: artists)
      self.isLoading = isLoading
      self.pending = pending
      self.error = error
      self.notice = notice
      self.liveUpdatesPause = liveUpdatesPause
    }
  }

  /// What happens on the list.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the fan did.
    case view(View)
    /// The artists, loaded.
    case artistsResponse(Result<[ArtistSummary], APIError>)
    /// A subscription change, done.
    case subscriptionResponse(Result<SubscriptionStatus, APIError>)
    /// News in the fan's rooms, or whether the server can be reached.
    case activityUpdated(ActivityUpdate)
    /// Following the news ended with `error`; it starts again after `retryIn`.
    case activityFailed(APIError, retryIn: Duration)
    /// What the parent acts on.
    case delegate(Delegate)

    /// What the fan did on the screen.
    public enum View: Equatable, Sendable {
      /// The screen appeared: load the list and follow the news in the fan's rooms.
      case task
      /// The screen is on top again after a room over it closed: follow the news again, from a
      /// fresh read of every room's unread count.
      case shownAgain
      /// Load the list again.
      case reloadTapped
      /// Subscribe to an artist.
      case subscribeTapped(AccountID)
      /// Unsubscribe from an artist.
      case unsubscribeTapped(AccountID)
      /// Open an artist's room.
      case openTapped(AccountID)
      /// Open the fan's profile.
      case profileTapped
      /// The fan named an artist the list does not have (a wrong number or name).
      case unknownArtistNamed(String)
    }

    /// What the parent acts on.
    public enum Delegate: Equatable, Sendable {
      /// Show this artist's room.
      case openRoom(ArtistSummary)
      /// Show the fan's profile.
      case openProfile
    }
  }

  /// The list's long-running effect.
  public enum CancelID: Hashable, Sendable {
    /// Following the news in the fan's rooms.
    case activity
  }

  /// The first wait before following starts again after it failed; it doubles per failure in a
  /// row up to ``maxRestartWait``.
  public static let firstRestartWait: Duration = .seconds(1)
  /// The longest wait before following starts again.
  public static let maxRestartWait: Duration = .seconds(60)

  @Dependency(\.artistClient) var artistClient
  @Dependency(\.continuousClock) var clock

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // What went wrong or right with the last action is not news once the fan acts again.
    if case .view = action {
      state.error = nil
      state.notice = nil
    }
    switch action {
    case .view(.task):
      state.isLoading = true
      return .merge(load(), followActivity())

    case .view(.shownAgain):
      return followActivity()

    case .view(.reloadTapped):
      state.isLoading = true
      return load()

    case .activityUpdated(.loaded(let rooms)):
      state.liveUpdatesPause = nil
      let unread = Dictionary(rooms.map { ($0.artistId, $0.unreadCount) }, uniquingKeysWith: max)
      for artist in state.artists where artist.isSubscribed && artist.unreadCount != unread[artist.id] ?? 0 {
        state.artists[id: artist.id]?.unreadCount = unread[artist.id] ?? 0
      }
      Self.noteArtists(of: rooms, in: &state)
      return .none

    case .activityUpdated(.changed(let rooms)):
      state.liveUpdatesPause = nil
      for room in rooms where state.artists[id: room.artistId] != nil {
        state.artists[id: room.artistId]?.unreadCount = room.unreadCount
      }
      Self.noteArtists(of: rooms, in: &state)
      return .none

    case .activityUpdated(.interrupted(let error, let retryIn)), .activityFailed(let error, let retryIn):
      state.liveUpdatesPause = LiveUpdatesPause(error: error, retryIn: retryIn)
      return .none

    case .activityUpdated(.resumed):
      state.liveUpdatesPause = nil
      return .none

    case .artistsResponse(.success(let artists)):
      state.isLoading = false
      state.artists = IdentifiedArray(uniqueElements: artists)
      return .none

    case .artistsResponse(.failure(let error)):
      state.isLoading = false
      state.error = .loadFailed(error)
      return .none

    case .view(.subscribeTapped(let id)), .view(.unsubscribeTapped(let id)):
      guard state.pending == nil, state.artists[id: id] != nil else { return .none }
      let subscribe = action == .view(.subscribeTapped(id))
      state.pending = State.Pending(artistId: id, subscribe: subscribe)
      return .run { send in
        await send(
          .subscriptionResponse(
            Result { try await subscribe ? artistClient.subscribe(id) : artistClient.unsubscribe(id) }))
      }

    case .subscriptionResponse(.success(let status)):
      state.pending = nil
      guard var artist = state.artists[id: status.artistId] else { return .none }
      artist.isSubscribed = status.isSubscribed
      artist.subscriberCount = status.subscriberCount
      if !status.isSubscribed { artist.unreadCount = 0 }
      state.artists[id: status.artistId] = artist
      state.notice =
        status.isSubscribed
        ? "Subscribed to \(artist.displayName)." : "Unsubscribed from \(artist.displayName)."
      // The unread count of a new subscription comes from the server.
      guard status.isSubscribed else { return .none }
      state.isLoading = true
      return load()

    case .subscriptionResponse(.failure(let error)):
      let name = state.pending.flatMap { state.artists[id: $0.artistId]?.displayName } ?? "the artist"
      let subscribing = state.pending?.subscribe != false
      state.pending = nil
      state.error = .subscriptionFailed(artistName: name, subscribing: subscribing, error)
      return .none

    case .view(.openTapped(let id)):
      guard let artist = state.artists[id: id] else { return .none }
      guard artist.isSubscribed else {
        let number = (state.artists.index(id: id) ?? 0) + 1
        state.error = .notSubscribed(artistName: artist.displayName, number: number)
        return .none
      }
      // The room follows its own messages; see the type's comment.
      return .merge(.cancel(id: CancelID.activity), .send(.delegate(.openRoom(artist))))

    case .view(.profileTapped):
      return .send(.delegate(.openProfile))

    case .view(.unknownArtistNamed(let name)):
      state.error =
        state.artists.isEmpty ? .nothingToPick : .unknownArtist(name: name, count: state.artists.count)
      return .none

    case .delegate:
      return .none
    }
  }

  /// Follows the news until cancelled (a room opens, or the list goes away); when following ends with an error,
  /// it starts again after a wait that doubles per failure in a row.
  private func followActivity() -> Effect<Action> {
    .run { send in
      var failures = 0
      while !Task.isCancelled {
        do {
          for try await update in artistClient.followActivity() {
            failures = 0
            await send(.activityUpdated(update))
          }
          return
        } catch {
          let apiError = APIError(error)
          if apiError == .cancelled || Task.isCancelled { return }
          failures += 1
          let wait = Self.restartWait(afterFailures: failures)
          await send(.activityFailed(apiError, retryIn: wait))
          do { try await clock.sleep(for: wait) } catch { return }
        }
      }
    }
    .cancellable(id: CancelID.activity, cancelInFlight: true)
  }

  /// What the news says of each room's artist now: a new display name, and when they last
  /// broadcast, so the rows show them without a reload.
  static func noteArtists(of rooms: [RoomActivity], in state: inout State) {
    for room in rooms {
      guard let artist = state.artists[id: room.artistId] else { continue }
      if let name = room.artistDisplayName, name != artist.displayName {
        state.artists[id: room.artistId]?.displayName = name
      }
      if let sentAt = room.newestMessageAt, sentAt != artist.lastBroadcastAt {
        state.artists[id: room.artistId]?.lastBroadcastAt = sentAt
      }
    }
  }

  /// ``firstRestartWait`` doubled per failure after the first, at most ``maxRestartWait``.
  static func restartWait(afterFailures failures: Int) -> Duration {
    var wait = firstRestartWait
    for _ in 1..<max(1, min(failures, 32)) where wait < maxRestartWait { wait *= 2 }
    return min(wait, maxRestartWait)
  }

  private func load() -> Effect<Action> {
    .run { send in
      await send(.artistsResponse(Result { try await artistClient.artists() }))
    }
  }
}

extension IdentifiedArray where Element == ArtistSummary, ID == AccountID {
  /// The unread count of the artist `id` (0 for an artist not in the list), as a writable key
  /// path to share: `$artists[dynamicMember: \.[unreadCountOf: id]]`.
  public subscript(unreadCountOf id: AccountID) -> Int {
    get { self[id: id]?.unreadCount ?? 0 }
    set { self[id: id]?.unreadCount = newValue }
  }
}
