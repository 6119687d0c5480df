import ArtistDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import ProfileDataModels
import SQLiteStore

/// The backend's queries over its SQLite file; every multi-step write is one transaction.
struct Store: Sendable {
  let database: SQLiteDatabase

  // MARK: Accounts

  func account(username: String) throws -> AccountRecord? {
    try database.read { try Self.account($0, "a.username = ?", .text(username)) }
  }

  func account(id: AccountID) throws -> AccountRecord? {
    try database.read { try Self.account($0, "a.id = ?", .integer(id.rawValue)) }
  }

  private static func account(
    _ connection: SQLiteConnection, _ condition: String, _ value: SQLiteValue
  ) throws -> AccountRecord? {
    try connection.queryFirst("SELECT \(AccountRecord.columns) FROM accounts a WHERE \(condition)", [value])
      .map(AccountRecord.init(row:))
  }

  /// Inserts an account and its first session together; `nil` when the username is taken.
  func createAccount(
    username: String, passwordHash: String, role: AccountRole, displayName: String, token: String,
    now: Date, expiresAt: Date
  ) throws -> AccountRecord? {
    try database.write { connection in
      guard try Self.account(connection, "a.username = ?", .text(username)) == nil else { return nil }
      try connection.query(
        """
        INSERT INTO accounts (username, password_hash, role, display_name, status_message, created_at)
        VALUES (?, ?, ?, ?, '', ?)
        """,
        [
          .text(username), .text(passwordHash), .text(role.rawValue), .text(displayName),
          .real(now.timeIntervalSince1970),
        ])
      let id = connection.lastInsertRowID
      try insertSession(connection, token: token, accountID: id, now: now, expiresAt: expiresAt)
      return try Self.account(connection, "a.id = ?", .integer(id))
    }
  }

  // MARK: Sessions

  func createSession(token: String, accountID: AccountID, now: Date, expiresAt: Date) throws {
    try database.write {
      try insertSession($0, token: token, accountID: accountID.rawValue, now: now, expiresAt: expiresAt)
    }
  }

  private func insertSession(
    _ connection: SQLiteConnection, token: String, accountID: Int64, now: Date, expiresAt: Date
  ) throws {
    try connection.query(
      "INSERT INTO sessions (token_digest, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
      [
        .text(SessionToken.digest(token)), .integer(accountID), .real(now.timeIntervalSince1970),
        .real(expiresAt.timeIntervalSince1970),
      ])
  }

  /// The account behind a live session token, with the session's expiry.
  func session(token: String, now: Date) throws -> (account: AccountRecord, expiresAt: Date)? {
    try database.read { connection in
      guard
        let row = try connection.queryFirst(
          """
          SELECT \(AccountRecord.columns), s.expires_at FROM sessions s
          JOIN accounts a ON a.id = s.account_id
          WHERE s.token_digest = ? AND s.revoked_at IS NULL AND s.expires_at > ?
          """, [.text(SessionToken.digest(token)), .real(now.timeIntervalSince1970)])
      else { return nil }
      return (AccountRecord(row: row), Date(timeIntervalSince1970: row.double(5) ?? 0))
    }
  }

  /// How long a post's idempotency key is kept: a client sending a post again after a day is
  /// sending a new one.
  static let idempotencyKeyLifetime: TimeInterval = 86_400

  /// Deletes sessions that expired or were revoked before `now` (they can never be used again),
  /// and forgets the idempotency keys of posts older than ``idempotencyKeyLifetime``.
  func purgeExpired(now: Date) throws {
    try database.write { connection in
      try connection.query(
        "DELETE FROM sessions WHERE expires_at <= ?1 OR revoked_at <= ?1", [.real(now.timeIntervalSince1970)])
      try connection.query(
        "UPDATE messages SET idempotency_key = NULL WHERE idempotency_key IS NOT NULL AND sent_at < ?",
        [.real(now.timeIntervalSince1970 - Self.idempotencyKeyLifetime)])
    }
  }

  func revokeSession(token: String, now: Date) throws {
    try database.write {
      try $0.query(
        "UPDATE sessions SET revoked_at = ? WHERE token_digest = ? AND revoked_at IS NULL",
        [.real(now.timeIntervalSince1970), .text(SessionToken.digest(token))])
    }
  }

  // MARK: Artists and subscriptions

  static let artistSummarySQL = """
    SELECT a.id, a.username, a.display_name, a.status_message, a.subscriber_count,
      s.fan_id IS NOT NULL,
      CASE WHEN s.fan_id IS NULL THEN 0 ELSE \(unreadBroadcastsSQL(room: "a.id", marker: "s.last_read_message_id")) END,
      (SELECT m.sent_at FROM messages m WHERE m.artist_id = a.id AND m.kind = 'broadcast'
       AND m.deletes IS NULL ORDER BY m.id DESC LIMIT 1)
    FROM accounts a
    LEFT JOIN subscriptions s ON s.artist_id = a.id AND s.fan_id = ?
    WHERE a.role = 'artist'
    """

  /// Every artist's id, username and display name, for telling look-alike names apart.
  func artistNames() throws -> [(id: AccountID, username: String, displayName: String)] {
    try database.read { connection in
      try connection.query("SELECT id, username, display_name FROM accounts WHERE role = 'artist'").map {
        (AccountID($0.int64(0)), $0.string(1), $0.string(2))
      }
    }
  }

  /// Every artist, ordered as the list shows them (read through `accounts_artists`).
  static let artistsSQL = artistSummarySQL + " ORDER BY a.display_name COLLATE NOCASE, a.id"

  func artists(viewer: AccountID) throws -> [ArtistSummary] {
    try database.read { try $0.query(Self.artistsSQL, [.integer(viewer.rawValue)]).map(Self.artistSummary) }
  }

  func artist(id: AccountID, viewer: AccountID) throws -> ArtistSummary? {
    try database.read { connection in
      try connection.queryFirst(
        Self.artistSummarySQL + " AND a.id = ?", [.integer(viewer.rawValue), .integer(id.rawValue)]
      ).map(Self.artistSummary)
    }
  }

  private static func artistSummary(_ row: SQLiteRow) -> ArtistSummary {
    ArtistSummary(
      id: AccountID(row.int64(0)), username: row.string(1), displayName: row.string(2),
      statusMessage: row.string(3),
      subscriberCount: Int(row.int64(4)), isSubscribed: row.int64(5) != 0, unreadCount: Int(row.int64(6)),
      lastBroadcastAt: row.double(7).map(Date.init(timeIntervalSince1970:)))
  }

  /// Subscribes or unsubscribes `fan`; idempotent. Returns the state after the change.
  func setSubscription(
    fan: AccountID, artist: AccountID, subscribed: Bool, now: Date
  ) throws -> SubscriptionStatus {
    try database.write { connection in
      // A fan who subscribes again reads on from where they stopped, not from the room's start.
      if subscribed {
        try connection.query(
          """
          INSERT OR IGNORE INTO subscriptions (fan_id, artist_id, created_at, last_read_message_id)
          VALUES (?1, ?2, ?3,
            COALESCE((SELECT last_read_message_id FROM read_markers WHERE fan_id = ?1 AND artist_id = ?2), 0))
          """,
          [.integer(fan.rawValue), .integer(artist.rawValue), .real(now.timeIntervalSince1970)])
      } else {
        try connection.query(
          """
          INSERT INTO read_markers (fan_id, artist_id, last_read_message_id)
          SELECT fan_id, artist_id, last_read_message_id FROM subscriptions WHERE fan_id = ?1 AND artist_id = ?2
          ON CONFLICT (fan_id, artist_id)
            DO UPDATE SET last_read_message_id = MAX(last_read_message_id, excluded.last_read_message_id)
          """,
          [.integer(fan.rawValue), .integer(artist.rawValue)])
        try connection.query(
          "DELETE FROM subscriptions WHERE fan_id = ? AND artist_id = ?",
          [.integer(fan.rawValue), .integer(artist.rawValue)])
      }
      let count =
        try connection.queryFirst(
          "SELECT subscriber_count FROM accounts WHERE id = ?", [.integer(artist.rawValue)])?.int64(0)
        ?? 0
      return SubscriptionStatus(artistId: artist, isSubscribed: subscribed, subscriberCount: Int(count))
    }
  }

  /// The fans who subscribe to `artist`, the earliest subscriber first.
  func subscribers(artist: AccountID) throws -> [Subscriber] {
    try database.read { connection in
      try connection.query(
        """
        SELECT a.id, a.username, a.display_name, s.created_at
        FROM subscriptions s JOIN accounts a ON a.id = s.fan_id
        WHERE s.artist_id = ?
        ORDER BY s.created_at, a.id
        """,
        [.integer(artist.rawValue)]
      ).map { row in
        Subscriber(
          id: AccountID(row.int64(0)), username: row.string(1), displayName: row.string(2),
          subscribedAt: Date(timeIntervalSince1970: row.double(3) ?? 0))
      }
    }
  }

  /// `caller`'s access to `artist`'s room (see ``RoomAccess``), in one statement.
  func roomAccess(caller: AccountRecord, artist: AccountID) throws -> RoomAccess {
    try database.read { try RoomAccess.read($0, caller: caller, artist: artist) }
  }

  // MARK: Messages

  /// A message's columns; the last, `deletes`, is set on a tombstone (the id of the message it
  /// deleted), which pages after a cursor read and every other read skips.
  static let messageColumns = """
    SELECT m.id, m.artist_id, m.sender_id, a.username, a.display_name, m.kind, m.text, m.sent_at, m.deletes
    FROM messages m JOIN accounts a ON a.id = m.sender_id
    """

  private static func message(_ row: SQLiteRow) -> Message {
    Message(
      id: MessageID(row.int64(0)), artistId: AccountID(row.int64(1)), senderId: AccountID(row.int64(2)),
      senderUsername: row.string(3), senderDisplayName: row.string(4),
      kind: MessageKind(rawValue: row.string(5)) ?? .reply, text: row.string(6),
      sentAt: Date(timeIntervalSince1970: row.double(7) ?? 0))
  }

  /// A page of room `?1` on one side of the id `?2`, `?4` rows at most: every message for its
  /// artist; for the fan `?3`, broadcasts and the fan's own replies, each read in id order from
  /// its own index range, so other fans' replies are never visited. SQLite merges the two ranges
  /// as they are read and stops at the limit: no temporary table for an id list, no sort. Read
  /// `backwards`, tombstones are skipped and, `matching`, only texts LIKE `?5` are read.
  static func pageSQL(fan: Bool, backwards: Bool, matching: Bool = false) -> String {
    let range =
      backwards
      ? " AND m.id < ?2 AND m.deletes IS NULL" + (matching ? " AND m.text LIKE ?5 ESCAPE '\\'" : "")
      : " AND m.id > ?2"
    let order = backwards ? " DESC LIMIT ?4" : " LIMIT ?4"
    guard fan else { return messageColumns + " WHERE m.artist_id = ?1\(range) ORDER BY m.id\(order)" }
    return messageColumns + " WHERE m.artist_id = ?1 AND m.kind = 'broadcast'\(range) UNION ALL "
      + messageColumns + " WHERE m.artist_id = ?1 AND m.sender_id = ?3 AND m.kind = 'reply'\(range)"
      + " ORDER BY 1\(order)"
  }

  /// The pages every poll reads, built once.
  static let artistPageSQL = pageSQL(fan: false, backwards: false)
  static let fanPageSQL = pageSQL(fan: true, backwards: false)

  /// The messages `viewer` may see in `artist`'s room after `after`, oldest first, once
  /// `authorize` accepted `viewer`'s ``RoomAccess`` (not asked for an artist in their own room);
  /// with the ids of those deleted since (their tombstones are after `after`), and the newest
  /// id read, message or tombstone: the next cursor.
  ///
  /// `after` is what a fan acknowledges having read, so it is marked read; the page itself too,
  /// unless it answers a long poll (`polled`), whose answer may reach nobody: a client that left
  /// the room on a reused connection is still answered when news arrives, and only its next
  /// request's `after` says the news was seen.
  func messages(
    artist: AccountID, viewer: AccountRecord, after: MessageID?, limit: Int, polled: Bool = false,
    authorize: (RoomAccess) throws -> Void
  ) throws -> (messages: [Message], deleted: [MessageID], newest: MessageID?, hasMore: Bool) {
    let afterID = after?.rawValue ?? 0
    let page = try page(
      viewer.role == .fan ? Self.fanPageSQL : Self.artistPageSQL, artist: artist, viewer: viewer,
      cursor: afterID, limit: limit, authorize: authorize)
    let messages = page.rows.filter { $0.optionalInt64(8) == nil }.map(Self.message)
    let deleted = page.rows.compactMap { $0.optionalInt64(8).map { MessageID($0) } }
    let newest = page.rows.last.map { MessageID($0.int64(0)) }
    let seen = polled ? afterID : max(afterID, newest?.rawValue ?? 0)
    try markRead(upTo: seen, artist: artist, viewer: viewer, readMarker: page.readMarker)
    return (messages, deleted, newest, page.hasMore)
  }

  /// Reads `sql` (a ``pageSQL(fan:backwards:matching:)``) after `authorize` accepted `viewer`'s
  /// access to `artist`'s room, both in one read transaction (one snapshot, the file's locks
  /// taken once): `limit` rows, whether more are there, and the fan's read marker (0 for an
  /// artist). An artist in their own room needs no access check, so their page is one statement.
  private func page(
    _ sql: String, artist: AccountID, viewer: AccountRecord, cursor: Int64, limit: Int,
    pattern: String? = nil, authorize: (RoomAccess) throws -> Void
  ) throws -> (rows: ArraySlice<SQLiteRow>, hasMore: Bool, readMarker: Int64) {
    let bindings: [SQLiteValue] =
      [.integer(artist.rawValue), .integer(cursor), .integer(viewer.id.rawValue), .integer(Int64(limit + 1))]
      + (pattern.map { [.text($0)] } ?? [])
    let (rows, readMarker) =
      try viewer.role == .artist && viewer.id == artist
      ? (database.read { try $0.query(sql, bindings) }, Int64(0))
      : database.readTransaction { connection in
        let access = try RoomAccess.read(connection, caller: viewer, artist: artist)
        try authorize(access)
        return (try connection.query(sql, bindings), access.readMarker)
      }
    return (rows.prefix(limit), rows.count > limit, readMarker)
  }

  /// The newest `limit` messages `viewer` may see in `artist`'s room before `before` (the newest
  /// of the room when `nil`), oldest first, and whether older ones are there, once `authorize`
  /// accepted `viewer`'s access. The page marks a fan's broadcasts read up to its newest message:
  /// a room opened on its newest page is read. With `containing`, only the messages whose text
  /// contains it (letters of A–Z in either case) are read, and nothing is marked read: a search.
  func history(
    artist: AccountID, viewer: AccountRecord, before: MessageID?, limit: Int, containing: String? = nil,
    authorize: (RoomAccess) throws -> Void
  ) throws -> (messages: [Message], hasOlder: Bool) {
    // `%`, `_` and `\` are text to find, not patterns.
    let pattern = containing.map { text in
      "%"
        + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
        .replacingOccurrences(of: "_", with: "\\_") + "%"
    }
    let page = try page(
      Self.pageSQL(fan: viewer.role == .fan, backwards: true, matching: pattern != nil), artist: artist,
      viewer: viewer, cursor: before?.rawValue ?? Int64.max, limit: limit, pattern: pattern,
      authorize: authorize)
    let messages = page.rows.reversed().map(Self.message)
    if containing == nil, let newest = messages.last {
      try markRead(upTo: newest.id.rawValue, artist: artist, viewer: viewer, readMarker: page.readMarker)
    }
    return (messages, page.hasMore)
  }

  static let newestBroadcastSQL = "SELECT MAX(id) FROM messages WHERE artist_id = ? AND kind = 'broadcast'"
  /// Names the kind, as every query of replies must: the replies' index holds only replies.
  static let newestOwnReplySQL =
    "SELECT MAX(id) FROM messages WHERE artist_id = ? AND sender_id = ? AND kind = 'reply'"

  /// The newer of a fan's newest broadcast and newest own reply in a room (`?1` the room, `?2` the
  /// room again, `?3` the fan): one statement, so a held poll's check is one read transaction.
  static let newestVisibleToFanSQL =
    "SELECT MAX(COALESCE((\(newestBroadcastSQL)), 0), COALESCE((\(newestOwnReplySQL)), 0))"

  /// The newest message id `viewer` may see in `artist`'s room (0 when none): a cheap check,
  /// through one index, of whether a long poll has something to answer with.
  func newestVisibleMessageID(artist: AccountID, viewer: AccountRecord) throws -> Int64 {
    let room = SQLiteValue.integer(artist.rawValue)
    let (sql, bindings) =
      viewer.role == .artist
      ? ("SELECT MAX(id) FROM messages WHERE artist_id = ?", [room])
      : (Self.newestVisibleToFanSQL, [room, room, .integer(viewer.id.rawValue)])
    return try database.read { try $0.queryFirst(sql, bindings)?.int64(0) ?? 0 }
  }

  /// Moves a fan's read marker up to `seen`, but never past the room's newest message (a cursor
  /// from the future would hide broadcasts yet to come); writes only when it moves.
  func markRead(upTo seen: Int64, artist: AccountID, viewer: AccountRecord, readMarker: Int64) throws {
    guard viewer.role == .fan, seen > readMarker else { return }
    try database.write { connection in
      try connection.query(
        """
        UPDATE subscriptions SET last_read_message_id = MAX(last_read_message_id,
          MIN(?1, COALESCE((SELECT MAX(id) FROM messages WHERE artist_id = ?3), 0)))
        WHERE fan_id = ?2 AND artist_id = ?3
        """, [.integer(seen), .integer(viewer.id.rawValue), .integer(artist.rawValue)])
    }
  }

  /// Stores a message from `sender`: `onStored` gets it as a later page will show it (or the
  /// error) once committed, on the thread that ran the commit.
  ///
  /// Group commit: posts arriving together share one transaction, and each hears only after the
  /// commit, so a 201 means the message is stored. The message is built from what the post
  /// knows rather than read back: the sender's names are those of the request's session (the
  /// same account the post was authorized as; ``SessionCache`` keeps them at most 2 s old).
  func insertMessage(
    artist: AccountID, sender: AccountRecord, kind: MessageKind, text: String, key: String?, now: Date,
    announced notice: BatchedWriteNotice? = nil,
    onStored: @escaping @Sendable (Result<Message, any Error>) -> Void
  ) {
    // `sentAt` goes through the stored seconds, as a page reading the row converts them.
    let sentAt = now.timeIntervalSince1970
    let bindings: [SQLiteValue] = [
      .integer(artist.rawValue), .integer(sender.id.rawValue), .text(kind.rawValue), .text(text),
      .real(sentAt), key.map(SQLiteValue.text) ?? .null,
    ]
    database.insertInBatch(announced: notice, Self.insertMessageSQL, bindings) { result in
      onStored(
        result.map { id in
          Message(
            id: MessageID(id), artistId: artist, senderId: sender.id, senderUsername: sender.username,
            senderDisplayName: sender.displayName, kind: kind, text: text,
            sentAt: Date(timeIntervalSince1970: sentAt))
        })
    }
  }

  /// A broadcast is numbered one past the room's newest broadcast (see ``unreadBroadcastsSQL``).
  static let insertMessageSQL = """
    INSERT INTO messages (artist_id, sender_id, kind, text, sent_at, idempotency_key, seq)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, CASE WHEN ?3 = 'broadcast' THEN 1 + COALESCE(
      (SELECT seq FROM messages WHERE artist_id = ?1 AND kind = 'broadcast' ORDER BY id DESC LIMIT 1), 0) END)
    """

  /// How many broadcasts of room `room` come after message id `marker`: the newest broadcast's
  /// number less the number of the newest one at or before the marker, two index seeks however
  /// many are unread.
  static func unreadBroadcastsSQL(room: String, marker: String) -> String {
    """
    (COALESCE((SELECT b.seq FROM messages b WHERE b.artist_id = \(room) AND b.kind = 'broadcast'
       ORDER BY b.id DESC LIMIT 1), 0)
     - COALESCE((SELECT b.seq FROM messages b WHERE b.artist_id = \(room) AND b.kind = 'broadcast'
       AND b.id <= \(marker) ORDER BY b.id DESC LIMIT 1), 0))
    """
  }

  /// What a `DELETE` of a message found.
  enum Deletion: Equatable {
    /// The message is gone, its tombstone stored.
    case deleted
    /// The caller had deleted it already.
    case deletedBefore
    /// No message of that id in the room that the caller may see.
    case notFound
    /// The caller may see it but did not write it.
    case notAuthor
  }

  /// Deletes message `id` of `artist`'s room for its author `caller`, leaving a tombstone after
  /// every cursor (see the schema's version 11) in one transaction.
  ///
  /// The tombstone is stored before the row goes, so it never takes the id of a deleted newest
  /// message. A broadcast's later broadcasts (and the tombstone) are numbered one lower, so the
  /// unread counts (``unreadBroadcastsSQL(room:marker:)``) count only broadcasts that are there.
  func deleteMessage(
    _ id: MessageID, artist: AccountID, by caller: AccountRecord, now: Date
  ) throws -> Deletion {
    try database.write { connection in
      let room = SQLiteValue.integer(artist.rawValue)
      let message = SQLiteValue.integer(id.rawValue)
      guard
        let row = try connection.queryFirst(
          "SELECT sender_id, kind FROM messages WHERE id = ?1 AND artist_id = ?2 AND deletes IS NULL",
          [message, room])
      else {
        let tombstone = try connection.queryFirst(
          "SELECT sender_id FROM messages WHERE deletes = ?1 AND artist_id = ?2", [message, room])
        return tombstone?.int64(0) == caller.id.rawValue ? .deletedBefore : .notFound
      }
      let (sender, kind) = (row.int64(0), row.string(1))
      guard sender == caller.id.rawValue else {
        // A fan never sees another fan's reply, so for them it is not there.
        let visible = caller.role == .artist || kind == MessageKind.broadcast.rawValue
        return visible ? .notAuthor : .notFound
      }
      if kind == MessageKind.broadcast.rawValue {
        try connection.query(
          "UPDATE messages SET seq = seq - 1 WHERE artist_id = ?1 AND kind = 'broadcast' AND id >= ?2",
          [room, message])
      }
      try connection.query(
        """
        INSERT INTO messages (artist_id, sender_id, kind, text, sent_at, deletes, seq)
        VALUES (?1, ?2, ?3, '', ?4, ?5, CASE WHEN ?3 = 'broadcast' THEN
          (SELECT seq FROM messages WHERE artist_id = ?1 AND kind = 'broadcast' ORDER BY id DESC LIMIT 1) END)
        """, [room, .integer(sender), .text(kind), .real(now.timeIntervalSince1970), message])
      try connection.query("DELETE FROM messages WHERE id = ?", [message])
      return .deleted
    }
  }

  /// The message `sender` posted with idempotency `key`, if it is still kept.
  func message(sender: AccountID, key: String) throws -> Message? {
    try database.read { connection in
      try connection.queryFirst(
        Self.messageColumns + " WHERE m.sender_id = ? AND m.idempotency_key = ?",
        [.integer(sender.rawValue), .text(key)]
      ).map(Self.message)
    }
  }

  /// Stores a message inside `connection`'s transaction (seeding).
  func insertMessage(
    _ connection: SQLiteConnection, artist: AccountID, sender: AccountID, kind: MessageKind, text: String,
    now: Date
  ) throws {
    try connection.query(
      Self.insertMessageSQL,
      [
        .integer(artist.rawValue), .integer(sender.rawValue), .text(kind.rawValue), .text(text),
        .real(now.timeIntervalSince1970), .null,
      ])
  }

  // MARK: Profiles

  func profile(of account: AccountRecord) throws -> Profile {
    try database.read { connection in try profile(connection, accountID: account.id) }
  }

  private func profile(_ connection: SQLiteConnection, accountID: AccountID) throws -> Profile {
    guard
      let row = try connection.queryFirst(
        """
        SELECT a.id, a.username, a.role, a.display_name, a.status_message, a.created_at,
          a.subscriber_count,
          (SELECT COUNT(*) FROM subscriptions s WHERE s.fan_id = a.id)
        FROM accounts a WHERE a.id = ?
        """, [.integer(accountID.rawValue)])
    else { throw ServerError(.notFound, "The account \(accountID) no longer exists.") }
    let role = AccountRole(rawValue: row.string(2)) ?? .fan
    return Profile(
      id: AccountID(row.int64(0)), username: row.string(1), role: role, displayName: row.string(3),
      statusMessage: row.string(4), subscriberCount: role == .artist ? Int(row.int64(6)) : nil,
      subscriptionCount: role == .fan ? Int(row.int64(7)) : nil,
      createdAt: Date(timeIntervalSince1970: row.double(5) ?? 0))
  }

  func updateProfile(accountID: AccountID, displayName: String?, statusMessage: String?) throws -> Profile {
    try database.write { connection in
      try connection.query(
        "UPDATE accounts SET display_name = COALESCE(?1, display_name), status_message = COALESCE(?2, status_message) WHERE id = ?3",
        [
          displayName.map(SQLiteValue.text) ?? .null, statusMessage.map(SQLiteValue.text) ?? .null,
          .integer(accountID.rawValue),
        ])
      return try profile(connection, accountID: accountID)
    }
  }
}
