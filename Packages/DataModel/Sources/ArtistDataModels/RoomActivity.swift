import CommonDataModels
import Foundation

/// One room of the caller's with news after a cursor: part of an ``ActivityPage``.
///
/// News is what others post that the caller may see: for a fan, the broadcasts of the artists
/// they subscribe to (never another fan's reply); for an artist, the fans' replies in their own
/// room.
public struct RoomActivity: Codable, Sendable, Equatable, Identifiable {
  /// The room's artist (the room's id).
  public var artistId: AccountID
  /// The newest news in the room.
  public var newestMessageId: MessageID
  /// How many messages of news arrived after the cursor asked with.
  public var newMessageCount: Int
  /// For a fan, the room's broadcasts they have not fetched yet, as the artist list counts them;
  /// always 0 for an artist, who has no read marker.
  public var unreadCount: Int
  /// The artist's display name now, so a list shows a new name with the news; `nil` when the
  /// server does not say.
  public var artistDisplayName: String?
  /// When the newest news was posted (for a fan, the artist's last broadcast); `nil` when the
  /// server does not say.
  public var newestMessageAt: Date?

  /// The room's id, the artist's.
  public var id: AccountID { artistId }

  /// Creates a room's activity.
  public init(
    artistId: AccountID, newestMessageId: MessageID, newMessageCount: Int, unreadCount: Int,
    artistDisplayName: String? = nil, newestMessageAt: Date? = nil
  ) {
    self.artistId = artistId
    self.newestMessageId = newestMessageId
    self.newMessageCount = newMessageCount
    self.unreadCount = unreadCount
    self.artistDisplayName = artistDisplayName
    self.newestMessageAt = newestMessageAt
  }
}
