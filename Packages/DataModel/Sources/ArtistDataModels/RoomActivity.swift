import CommonDataModels

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

  /// The room's id, the artist's.
  public var id: AccountID { artistId }

  /// Creates a room's activity.
  public init(artistId: AccountID, newestMessageId: MessageID, newMessageCount: Int, unreadCount: Int) {
    self.artistId = artistId
    self.newestMessageId = newestMessageId
    self.newMessageCount = newMessageCount
    self.unreadCount = unreadCount
  }
}
