import ArtistDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import SQLiteStore
import Testing

@testable import DevServerCore

@Suite struct UnreadCountTests {
  /// Each room's broadcasts after the fan's marker, counted row by row.
  func counted(_ backend: TestBackend, fan: AccountID) throws -> [AccountID: Int] {
    try backend.backend.core.store.database.read { connection in
      try connection.query(
        """
        SELECT s.artist_id, (SELECT COUNT(*) FROM messages m WHERE m.artist_id = s.artist_id
          AND m.kind = 'broadcast' AND m.id > s.last_read_message_id)
        FROM subscriptions s WHERE s.fan_id = ?
        """, [.integer(fan.rawValue)]
      ).reduce(into: [:]) { $0[AccountID($1.int64(0))] = Int($1.int64(1)) }
    }
  }

  func listed(_ backend: TestBackend, token: String) throws -> [AccountID: Int] {
    try backend.send("GET", APIPaths.artists, token: token).decoded(ArtistList.self).artists
      .filter(\.isSubscribed).reduce(into: [:]) { $0[$1.id] = $1.unreadCount }
  }

  @Test func unreadCounts_areTheBroadcastsAfterTheMarker_withBroadcastsOfTwoRoomsInterleaved() throws {
    let backend = try TestBackend()
    let iu = try backend.signIn("iu_official")
    let taeyeon = try backend.signIn("taeyeon")
    let fan = try backend.signIn("demo_fan")
    for index in 0..<7 {
      for artist in index < 4 ? [iu, taeyeon] : [iu] {
        _ = try backend.send(
          "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token,
          body: SendMessageRequest(text: "news \(index)"))
      }
    }
    #expect(try listed(backend, token: fan.token) == counted(backend, fan: fan.account.id))
    // Reading part of a room moves its marker into the middle of its broadcasts.
    _ = backend.send(
      "GET", APIPaths.messages(artistID: iu.account.id), query: ["limit": "5"], token: fan.token)
    let listed = try listed(backend, token: fan.token)
    #expect(listed == (try counted(backend, fan: fan.account.id)))
    #expect(listed[iu.account.id] ?? 0 > 0 && listed[taeyeon.account.id] == 5)
  }

  @Test func migration_numbersEveryRoomsBroadcastsInOrder() throws {
    let first = try TestBackend()
    let iu = try first.signIn("iu_official")
    for index in 0..<3 {
      _ = try first.send(
        "POST", APIPaths.messages(artistID: iu.account.id), token: iu.token,
        body: SendMessageRequest(text: "\(index)"))
    }
    let database = first.backend.core.store.database
    // As a version-9 file has them: no numbers.
    try database.write {
      try $0.execute(
        """
        DROP INDEX messages_deletions; ALTER TABLE messages DROP COLUMN deletes;
        UPDATE messages SET seq = NULL; ALTER TABLE messages DROP COLUMN seq; PRAGMA user_version = 9
        """)
    }
    let reopened = try TestBackend(directory: first.directory)
    let rows = try reopened.backend.core.store.database.read { connection in
      try connection.query(
        "SELECT artist_id, seq, kind FROM messages ORDER BY artist_id, id"
      ).map { (artist: $0.int64(0), seq: $0.optionalInt64(1), kind: $0.string(2)) }
    }
    for (artist, messages) in Dictionary(grouping: rows, by: \.artist) {
      let broadcasts = messages.filter { $0.kind == "broadcast" }
      #expect(broadcasts.map(\.seq) == (1...broadcasts.count).map { Int64($0) }, "room \(artist)")
      #expect(messages.filter { $0.kind == "reply" }.allSatisfy { $0.seq == nil })
    }
  }
}
