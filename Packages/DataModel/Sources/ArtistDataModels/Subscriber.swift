import CommonDataModels
import Foundation

/// A fan who subscribes to the artist asking: one row of ``SubscriberList``.
public struct Subscriber: Codable, Sendable, Equatable, Identifiable {
  /// The fan's account id.
  public var id: AccountID
  /// The fan's username.
  public var username: String
  /// The fan's display name.
  public var displayName: String
  /// When the fan subscribed.
  public var subscribedAt: Date

  /// Creates a subscriber.
  public init(id: AccountID, username: String, displayName: String, subscribedAt: Date) {
    self.id = id
    self.username = username
    self.displayName = displayName
    self.subscribedAt = subscribedAt
  }
}
