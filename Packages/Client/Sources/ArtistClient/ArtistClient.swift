import ArtistDataModels
import CommonDataModels
import Dependencies

/// Artists and subscriptions: list every artist, subscribe and unsubscribe (fans only).
///
/// Every endpoint throws `APIError`. Read it with `@Dependency(\.artistClient) var artistClient`;
/// the apps inject `ArtistClient.live(_:)` from `ArtistClientLive`.
public struct ArtistClient: Sendable {
  /// Every artist, ordered by display name, with the caller's subscription and unread count.
  public var artists: @Sendable () async throws -> [ArtistSummary]
  /// Subscribes the signed-in fan to an artist; subscribing twice is not an error.
  public var subscribe: @Sendable (_ artistId: AccountID) async throws -> SubscriptionStatus
  /// Unsubscribes the signed-in fan from an artist; unsubscribing twice is not an error.
  public var unsubscribe: @Sendable (_ artistId: AccountID) async throws -> SubscriptionStatus

  /// Creates a client from its endpoints.
  public init(
    artists: @escaping @Sendable () async throws -> [ArtistSummary],
    subscribe: @escaping @Sendable (_ artistId: AccountID) async throws -> SubscriptionStatus,
    unsubscribe: @escaping @Sendable (_ artistId: AccountID) async throws -> SubscriptionStatus
  ) {
    self.artists = artists
    self.subscribe = subscribe
    self.unsubscribe = unsubscribe
  }
}

extension ArtistClient: TestDependencyKey {
  /// Every endpoint fails the test, naming itself (`ArtistClient.artists`), until overridden.
  public static var testValue: ArtistClient {
    ArtistClient(
      artists: unimplemented("ArtistClient.artists"),
      subscribe: unimplemented("ArtistClient.subscribe"),
      unsubscribe: unimplemented("ArtistClient.unsubscribe")
    )
  }

  /// An in-memory list of the demo artists whose subscriptions change as the user taps.
  public static var previewValue: ArtistClient { .preview() }
}

extension DependencyValues {
  /// Artists and subscriptions.
  public var artistClient: ArtistClient {
    get { self[ArtistClient.self] }
    set { self[ArtistClient.self] = newValue }
  }
}
