import CommonDataModels
import Foundation

/// One artist as the caller sees it in the list: public details plus the caller's own state.
public struct ArtistSummary: Codable, Sendable, Equatable, Identifiable {
  /// The artist's account id, also the id of the artist's room.
  public var id: AccountID
  /// The artist's username.
  public var username: String
  /// The artist's display name.
  public var displayName: String
  /// The artist's status message; empty when none.
  public var statusMessage: String
  /// How many fans subscribe.
  public var subscriberCount: Int
  /// Whether the caller subscribes (always `false` for an artist caller).
  public var isSubscribed: Bool
  /// The artist's broadcasts the caller has not fetched yet (0 when not subscribed).
  public var unreadCount: Int
  /// When the artist last broadcast; `nil` if never.
  public var lastBroadcastAt: Date?

  /// Creates a summary.
  public init(
    id: AccountID, username: String, displayName: String, statusMessage: String, subscriberCount: Int,
    isSubscribed: Bool, unreadCount: Int, lastBroadcastAt: Date?
  ) {
    self.id = id
    self.username = username
    self.displayName = displayName
    self.statusMessage = statusMessage
    self.subscriberCount = subscriberCount
    self.isSubscribed = isSubscribed
    self.unreadCount = unreadCount
    self.lastBroadcastAt = lastBroadcastAt
  }
}
