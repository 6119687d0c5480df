import CommonDataModels
import SQLiteStore

/// What every room request asks before it reads or writes: whose room it is, whether the caller
/// subscribes to it, and how far a fan has read it.
struct RoomAccess: Sendable, Equatable {
  /// The account whose id the room has, or `nil` when there is none.
  var owner: Owner?
  /// Whether the caller is a fan subscribed to the room (always false for an artist).
  var subscribed: Bool
  /// The newest message id a subscribed fan has read (0 otherwise).
  var readMarker: Int64

  /// The room's account: the room exists only when its `role` is artist.
  struct Owner: Sendable, Equatable {
    var username: String
    var role: AccountRole
  }

  /// The room's account and the caller's subscription in one index lookup each, one statement:
  /// `?1` the room's id, `?2` the caller's id.
  static let sql = """
    SELECT a.username, a.role, s.fan_id IS NOT NULL, COALESCE(s.last_read_message_id, 0)
    FROM accounts a LEFT JOIN subscriptions s ON s.fan_id = ?2 AND s.artist_id = a.id
    WHERE a.id = ?1
    """

  static func read(
    _ connection: SQLiteConnection, caller: AccountRecord, artist: AccountID
  ) throws -> RoomAccess {
    guard
      let row = try connection.queryFirst(
        Self.sql, [.integer(artist.rawValue), .integer(caller.id.rawValue)])
    else { return RoomAccess(owner: nil, subscribed: false, readMarker: 0) }
    // Only fans subscribe; an artist's room access does not depend on it.
    let subscribed = caller.role == .fan && row.int64(2) != 0
    return RoomAccess(
      owner: Owner(username: row.string(0), role: AccountRole(rawValue: row.string(1)) ?? .fan),
      subscribed: subscribed, readMarker: subscribed ? row.int64(3) : 0)
  }
}
