import ArtistDataModels
import CommonDataModels
import Foundation
import SQLiteStore

/// News for the activity feed: what others post that a caller may see, in the rooms they belong
/// to. A fan's news is the broadcasts of the artists they subscribe to, read through the
/// broadcast-only `messages_broadcasts` index, so other fans' replies are never read; an
/// artist's news is the replies in their own room, read from the room's newest message down.
extension Store {
  /// The newest broadcast of any room the fan (`?1`) subscribes to.
  static let fanNewestNewsSQL = """
    SELECT MAX((SELECT MAX(m.id) FROM messages m WHERE m.artist_id = s.artist_id AND m.kind = 'broadcast'))
    FROM subscriptions s WHERE s.fan_id = ?1
    """

  /// The newest reply in the artist's (`?1`) own room: walked from the room's newest message
  /// down to the first reply, which in a room of fans' replies is the first one looked at.
  static let artistNewestNewsSQL = """
    SELECT COALESCE(
      (SELECT id FROM messages WHERE artist_id = ?1 AND kind = 'reply' ORDER BY id DESC LIMIT 1), 0)
    """

  /// Each room the fan (`?1`) subscribes to with a broadcast after `?2`: its newest broadcast,
  /// how many after `?2`, how many after the fan's read marker, the artist's display name and
  /// when the newest broadcast was sent.
  static let fanActivitySQL = """
    SELECT artist_id, newest, fresh, unread,
      (SELECT display_name FROM accounts WHERE id = artist_id),
      (SELECT sent_at FROM messages WHERE id = newest) FROM (
      SELECT s.artist_id AS artist_id,
        (SELECT MAX(m.id) FROM messages m WHERE m.artist_id = s.artist_id AND m.kind = 'broadcast') AS newest,
        (SELECT COUNT(*) FROM messages m
         WHERE m.artist_id = s.artist_id AND m.kind = 'broadcast' AND m.id > ?2 AND m.deletes IS NULL) AS fresh,
        \(unreadBroadcastsSQL(room: "s.artist_id", marker: "s.last_read_message_id")) AS unread
      FROM subscriptions s WHERE s.fan_id = ?1)
    WHERE newest > ?2 ORDER BY artist_id
    """

  /// The newest reply (or a reply's tombstone) in the artist's (`?1`) own room after `?2`, how
  /// many replies there are, and when the newest was sent (SQLite takes a bare column from the
  /// row `MAX` picks), in ``fanActivitySQL``'s columns: one row, whose newest id is `NULL` when
  /// there is no news.
  static let artistActivitySQL = """
    SELECT ?1, MAX(id), COALESCE(SUM(deletes IS NULL), 0), 0,
      (SELECT display_name FROM accounts WHERE id = ?1), sent_at FROM messages
    WHERE artist_id = ?1 AND kind = 'reply' AND id > ?2
    """

  /// The newest news id `viewer` may see (0 when none): one index seek per room of theirs, the
  /// check a held activity poll repeats.
  func newestNewsID(viewer: AccountRecord) throws -> Int64 {
    let sql = viewer.role == .artist ? Self.artistNewestNewsSQL : Self.fanNewestNewsSQL
    return try database.read { try $0.queryFirst(sql, [.integer(viewer.id.rawValue)])?.int64(0) ?? 0 }
  }

  /// The rooms of `viewer` with news after `after`, by artist id.
  func activity(viewer: AccountRecord, after: Int64) throws -> [RoomActivity] {
    let sql = viewer.role == .artist ? Self.artistActivitySQL : Self.fanActivitySQL
    return try database.read { connection in
      // A deleted reply alone is news too: its tombstone moves the cursor past it.
      try connection.query(sql, [.integer(viewer.id.rawValue), .integer(after)]).filter {
        $0.optionalInt64(1) != nil
      }.map { row in
        RoomActivity(
          artistId: AccountID(row.int64(0)), newestMessageId: MessageID(row.int64(1)),
          newMessageCount: Int(row.int64(2)), unreadCount: Int(row.int64(3)),
          artistDisplayName: row.string(4),
          newestMessageAt: row.double(5).map(Date.init(timeIntervalSince1970:)))
      }
    }
  }
}
