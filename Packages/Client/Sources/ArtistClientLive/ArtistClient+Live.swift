import ArtistClient
import ArtistDataModels
import CommonDataModels
import NetworkProvider

extension ArtistClient {
  /// How long the artist list may be served from the cache: short, because unread counts move.
  public static let artistListCacheTTL: Duration = .seconds(5)

  /// The client that talks to the API through `api`.
  ///
  /// The list is cached briefly; subscribing or unsubscribing makes the cached list and profile
  /// stale at once (they show subscription state and counts).
  public static func live(_ api: APIClient) -> ArtistClient {
    @Sendable func subscription(
      _ method: HTTPMethod, _ artistId: AccountID
    ) async throws -> SubscriptionStatus {
      let endpoint = Endpoint<SubscriptionStatus>(
        method, APIPaths.subscription(artistID: artistId), invalidates: [APIPaths.artists, APIPaths.profile])
      return try await api.send(endpoint)
    }
    return ArtistClient(
      artists: {
        try await api.send(Endpoint<ArtistList>(.get, APIPaths.artists, cacheTTL: artistListCacheTTL)).artists
      },
      subscribe: { artistId in try await subscription(.put, artistId) },
      unsubscribe: { artistId in try await subscription(.delete, artistId) },
      subscribers: { artistId in
        try await api.send(Endpoint<SubscriberList>(.get, APIPaths.subscribers(artistID: artistId)))
          .subscribers
      }
    )
  }
}
