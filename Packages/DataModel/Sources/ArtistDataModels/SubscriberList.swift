/// The answer of `GET /v1/artists/{artistId}/subscribers`, which only that artist may ask: every
/// fan who subscribes, the earliest subscriber first.
public struct SubscriberList: Codable, Sendable, Equatable {
  /// The subscribers.
  public var subscribers: [Subscriber]

  /// Creates a list.
  public init(subscribers: [Subscriber]) { self.subscribers = subscribers }
}
