import CommonDataModels

/// The answer of `PUT`/`DELETE /v1/artists/{artistId}/subscription`.
///
/// Both calls are idempotent: subscribing twice is not an error.
public struct SubscriptionStatus: Codable, Sendable, Equatable {
  /// The artist.
  public var artistId: AccountID
  /// Whether the caller now subscribes.
  public var isSubscribed: Bool
  /// The artist's subscriber count after the change.
  public var subscriberCount: Int

  /// Creates a status.
  public init(artistId: AccountID, isSubscribed: Bool, subscriberCount: Int) {
    self.artistId = artistId
    self.isSubscribed = isSubscribed
    self.subscriberCount = subscriberCount
  }
}
