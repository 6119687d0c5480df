import CommonDataModels
import Foundation
import MessageDataModels
import SQLiteStore
import Testing

@testable import DevServerCore

/// Schema version 6 rebuilds `messages` without `AUTOINCREMENT`: ids must stay as they were and
/// keep growing, since clients page by id cursors.
@Suite struct MessageIDMigrationTests {
  static let artistToken = String(repeating: "a", count: 64)
  static let fanToken = String(repeating: "f", count: 64)

  /// A data folder at schema version 5 with an artist, a subscribed fan, a session for each and
  /// `count` messages alternating broadcast and reply (one holding a NUL).
  static func version5Folder(messages count: Int) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("v5-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let old = try SQLiteDatabase(path: folder.appendingPathComponent(DevBackend.databaseFileName).path)
    try old.migrate(Schema.migrations.filter { $0.version <= 5 })
    try old.write { connection in
      try connection.execute(
        """
        INSERT INTO accounts (id, username, password_hash, role, display_name, created_at)
          VALUES (1, 'oldartist', 'x', 'artist', 'Old Artist', 0), (2, 'oldfan', 'x', 'fan', 'Old Fan', 0);
        INSERT INTO subscriptions (fan_id, artist_id, created_at) VALUES (2, 1, 0);
        """)
      for (token, account) in [(artistToken, 1), (fanToken, 2)] {
        try connection.query(
          "INSERT INTO sessions (token_digest, account_id, created_at, expires_at) VALUES (?, ?, 0, 1e12)",
          [.text(SessionToken.digest(token)), .integer(Int64(account))])
      }
      for index in 0..<count {
        let broadcast = index % 2 == 0
        try connection.query(
          "INSERT INTO messages (artist_id, sender_id, kind, text, sent_at) VALUES (1, ?, ?, ?, ?)",
          [
            .integer(broadcast ? 1 : 2), .text(broadcast ? "broadcast" : "reply"),
            .text(index == 3 ? "with a \u{0} inside" : "message \(index)"), .real(Double(index) * 1.5),
          ])
      }
    }
    return folder
  }

  static func rows(_ database: SQLiteDatabase) throws -> [[SQLiteValue]] {
    try database.read { connection in
      try connection.query("SELECT id, artist_id, sender_id, kind, text, sent_at FROM messages ORDER BY id")
        .map { row in ["id", "artist_id", "sender_id", "kind", "text", "sent_at"].map { row[$0] ?? .null } }
    }
  }

  @Test func migrationFromVersion5_keepsEveryMessageWithItsID_andDropsTheSequence() throws {
    let folder = try Self.version5Folder(messages: 40)
    let before: [[SQLiteValue]]
    do {
      let old = try SQLiteDatabase(path: folder.appendingPathComponent(DevBackend.databaseFileName).path)
      before = try Self.rows(old)
      // Nothing ever deletes a message, so the sequence is the largest id: the next id is the same
      // with or without AUTOINCREMENT.
      let sequence = try old.read {
        try $0.queryFirst("SELECT seq FROM sqlite_sequence WHERE name = 'messages'")?.int64(0)
      }
      #expect(sequence == 40)
    }
    let backend = try TestBackend(seed: false, directory: folder)
    let database = backend.backend.core.store.database
    #expect(try database.schemaVersion() == Schema.migrations.last?.version)
    let after = try Self.rows(database)
    #expect(after == before, "the rebuilt table differs:\nbefore \(before)\nafter  \(after)")
    let schema = try database.read { connection in
      try connection.query("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'messages'").map {
        (type: $0.string(0), name: $0.string(1), sql: $0.string(2))
      }
    }
    #expect(schema.first { $0.type == "table" }?.sql.contains("AUTOINCREMENT") == false, "\(schema)")
    #expect(
      Set(schema.filter { $0.type == "index" }.map(\.name))
        == [
          "messages_room", "messages_broadcasts", "messages_replies", "messages_idempotency",
          "messages_deletions",
        ])
    #expect(
      try database.read {
        try $0.queryFirst("SELECT COUNT(*) FROM sqlite_sequence WHERE name LIKE 'messages%'")?.int64(0)
      } == 0)
  }

  @Test func afterMigratingFromVersion5_postsContinueAfterTheLargestIDAndKeepGrowing() throws {
    let folder = try Self.version5Folder(messages: 25)
    let backend = try TestBackend(seed: false, directory: folder)
    let room = APIPaths.messages(artistID: AccountID(1))
    var ids: [Int64] = []
    for index in 0..<6 {
      let token = index % 2 == 0 ? Self.artistToken : Self.fanToken
      let response = backend.send("POST", room, token: token, json: #"{"text":"new \#(index)"}"#)
      #expect(response.status == 201)
      ids.append(try response.decoded(Message.self).id.rawValue)
    }
    #expect(ids == Array(26...31), "new ids: \(ids)")
    // The fan's page reads the rebuilt partial indexes: every broadcast and only their own replies.
    let page = try backend.send("GET", room, query: ["after": "20"], token: Self.fanToken)
      .decoded(MessagePage.self)
    #expect(page.messages.map(\.id.rawValue) == [21, 22, 23, 24, 25] + ids)
  }
}
