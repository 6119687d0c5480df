import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitecture

/// Every artist, with the fan's subscriptions and unread counts; subscribe, unsubscribe, refresh,
/// and open a subscribed artist's room.
public struct ArtistListFeature: Reducer {
  /// The list's state.
  public struct State: Equatable, Sendable {
    /// The artists, in the server's order (by display name).
    public var artists: IdentifiedArrayOf<ArtistSummary>
    /// The list is being (re)loaded.
    public var isLoading: Bool
    /// The artist whose subscription is being changed, and whether to subscribe.
    public var pending: Pending?
    /// What went wrong, shown in place.
    public var error: Problem?
    /// What just went right.
    public var notice: String?

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
      error: Problem? = nil, notice: String? = nil
    ) {
      self.artists = artists
      self.isLoading = isLoading
      self.pending = pending
      self.error = error
      self.notice = notice
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
    /// What the parent acts on.
    case delegate(Delegate)

    /// What the fan did on the screen.
    public enum View: Equatable, Sendable {
      /// The screen appeared: load the list.
      case task
      /// Load the list again.
      case refreshTapped
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

  @Dependency(\.artistClient) var artistClient

  /// Creates the feature.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.task), .view(.refreshTapped):
      state.isLoading = true
      state.error = nil
      state.notice = nil
      return load()

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
      state.error = nil
      state.notice = nil
      return .run { send in
        do {
          let status = try await subscribe ? artistClient.subscribe(id) : artistClient.unsubscribe(id)
          await send(.subscriptionResponse(.success(status)))
        } catch {
          await send(.subscriptionResponse(.failure(APIError(error))))
        }
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
      state.error = nil
      state.notice = nil
      return .send(.delegate(.openRoom(artist)))

    case .view(.profileTapped):
      return .send(.delegate(.openProfile))

    case .view(.unknownArtistNamed(let name)):
      state.notice = nil
      state.error =
        state.artists.isEmpty ? .nothingToPick : .unknownArtist(name: name, count: state.artists.count)
      return .none

    case .delegate:
      return .none
    }
  }

  private func load() -> Effect<Action> {
    .run { send in
      do {
        await send(.artistsResponse(.success(try await artistClient.artists())))
      } catch {
        await send(.artistsResponse(.failure(APIError(error))))
      }
    }
  }
}
