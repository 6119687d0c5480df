import AuthDataModels
import CommonDataModels
import Dispatch
import Foundation
import MessageDataModels
import SQLiteStore
import Testing

@testable import DevServerCore

@Suite struct QueryPlanTests {
  /// The `detail` column of `EXPLAIN QUERY PLAN` for `sql`.
  func plan(_ backend: TestBackend, _ sql: String, _ bindings: [SQLiteValue]) throws -> [String] {
    try backend.backend.core.store.database.read { connection in
      try connection.query("EXPLAIN QUERY PLAN " + sql, bindings).map {
        try $0.get("detail", as: String.self)
      }
    }
  }

  @Test func fanPage_readsOnlyBroadcastAndOwnReplyIndexRanges_neverScansTheRoom() throws {
    let backend = try TestBackend()
    let steps = try plan(backend, Store.fanPageSQL, [1, 0, 4, 51])
    #expect(steps.contains { $0.contains("messages_broadcasts") }, "plan: \(steps)")
    #expect(steps.contains { $0.contains("messages_replies") }, "plan: \(steps)")
    #expect(!steps.contains { $0.hasPrefix("SCAN m") || $0.hasPrefix("SCAN messages") }, "plan: \(steps)")
    #expect(
      !steps.contains { $0.contains("messages_room") }, "the room index would walk every reply: \(steps)")
  }

  @Test(arguments: [Store.fanPageSQL, Store.pageSQL(fan: true, backwards: true)])
  func fanPages_mergeTheirTwoIndexRangesInOrder_withoutTemporaryTablesOrSorting(sql: String) throws {
    let backend = try TestBackend()
    let steps = try plan(backend, sql, [1, .integer(Int64.max / 2), 4, 51])
    #expect(steps.contains { $0.hasPrefix("MERGE") }, "plan: \(steps)")
    #expect(
      !steps.contains { $0.contains("TEMP B-TREE") || $0.contains("LIST SUBQUERY") },
      "a temporary table or sort per read costs more than the read; plan: \(steps)")
  }

  @Test func roomAccess_findsTheRoomAndTheSubscriptionByTheirKeys() throws {
    let backend = try TestBackend()
    let steps = try plan(backend, RoomAccess.sql, [1, 4])
    #expect(steps.count == 2, "plan: \(steps)")
    #expect(steps.allSatisfy { $0.hasPrefix("SEARCH") }, "plan: \(steps)")
  }

  @Test func artistList_countsUnreadAndFindsLastBroadcastThroughTheBroadcastIndex() throws {
    let backend = try TestBackend()
    let steps = try plan(backend, Store.artistSummarySQL, [4])
    #expect(steps.filter { $0.contains("messages_broadcasts") }.count >= 2, "plan: \(steps)")
    #expect(!steps.contains { $0.hasPrefix("SCAN m") || $0.contains("messages_room") }, "plan: \(steps)")
  }

  @Test func artistList_readsOnlyTheArtistsInTheirOrder_neverScansOrSortsAccounts() throws {
    let backend = try TestBackend()
    let steps = try plan(backend, Store.artistsSQL, [4])
    #expect(steps.contains { $0.contains("accounts_artists") }, "plan: \(steps)")
    #expect(
      !steps.contains { $0.hasPrefix("SCAN a") && !$0.contains("accounts_artists") },
      "every account would be read to find the artists; plan: \(steps)")
    #expect(
      !steps.contains { $0.contains("TEMP B-TREE") }, "the list would be sorted per read; plan: \(steps)")
  }

  @Test func fanHistory_readsOnlyBroadcastAndOwnReplyIndexRanges_neverScansTheRoom() throws {
    let backend = try TestBackend()
    let steps = try plan(backend, Store.pageSQL(fan: true, backwards: true), [1, .integer(Int64.max), 4, 51])
    #expect(steps.contains { $0.contains("messages_broadcasts") }, "plan: \(steps)")
    #expect(steps.contains { $0.contains("messages_replies") }, "plan: \(steps)")
    #expect(
      !steps.contains { $0.contains("messages_room") || $0.hasPrefix("SCAN m") }, "plan: \(steps)")
  }

  @Test func longPollCheck_forAFan_findsNewestBroadcastAndOwnReplyThroughTheirIndexes() throws {
    let backend = try TestBackend()
    let broadcast = try plan(backend, Store.newestBroadcastSQL, [1])
    let reply = try plan(backend, Store.newestOwnReplySQL, [1, 4])
    #expect(broadcast.contains { $0.contains("messages_broadcasts") }, "plan: \(broadcast)")
    #expect(reply.contains { $0.contains("messages_replies") }, "plan: \(reply)")
    let both = try plan(backend, Store.newestVisibleToFanSQL, [1, 1, 4])
    #expect(both.contains { $0.contains("messages_broadcasts") }, "plan: \(both)")
    #expect(both.contains { $0.contains("messages_replies") }, "plan: \(both)")
    #expect(!both.contains { $0.hasPrefix("SCAN messages") || $0.contains("messages_room") }, "plan: \(both)")
  }

  @Test func post_updatesTheRoomIndexAndOnlyTheIndexOfItsKind() throws {
    let backend = try TestBackend()
    // Entries per index, counted through each index alone (`INDEXED BY` fails if it cannot).
    func entries(_ index: String, _ condition: String) throws -> Int64 {
      try backend.backend.core.store.database.read {
        try $0.queryFirst("SELECT COUNT(*) FROM messages INDEXED BY \(index) WHERE \(condition)")?.int64(0)
          ?? -1
      }
    }
    let total = try entries("messages_room", "artist_id > 0")
    let broadcasts = try entries("messages_broadcasts", "artist_id > 0 AND kind = 'broadcast'")
    let replies = try entries("messages_replies", "artist_id > 0 AND kind = 'reply'")
    #expect(broadcasts > 0 && replies > 0)
    #expect(broadcasts + replies == total, "each message is in exactly one of the two kind indexes")
  }

  @Test func fanPagesBothWays_returnExactlyWhatAPlainFilterReturns_forEveryCursorAndLimit() throws {
    let backend = try TestBackend()
    let database = backend.backend.core.store.database
    let (artist, fan, other): (Int64, Int64, Int64) = (1, 4, 5)
    // Broadcasts, the fan's replies and another fan's replies, interleaved unevenly.
    try database.write { connection in
      for index in 0..<60 {
        let (sender, kind) =
          index % 5 == 0 ? (fan, "reply") : index % 3 == 0 ? (artist, "broadcast") : (other, "reply")
        try connection.query(
          "INSERT INTO messages (artist_id, sender_id, kind, text, sent_at) VALUES (?, ?, ?, ?, 0)",
          [.integer(artist), .integer(sender), .text(kind), .text("message \(index)")])
      }
    }
    func ids(_ sql: String, _ bindings: [SQLiteValue]) throws -> [Int64] {
      try database.read { try $0.query(sql, bindings).map { $0.int64(0) } }
    }
    let visible = "artist_id = ?1 AND (kind = 'broadcast' OR (kind = 'reply' AND sender_id = ?3))"
    let newest = try database.read { try $0.queryFirst("SELECT MAX(id) FROM messages")?.int64(0) ?? 0 }
    var differences: [String] = []
    for cursor in stride(from: 0, through: newest + 1, by: 3) {
      for limit: Int64 in [1, 2, 7, 51] {
        let bindings: [SQLiteValue] = [.integer(artist), .integer(cursor), .integer(fan), .integer(limit)]
        let forwards = try ids(Store.fanPageSQL, bindings)
        let expectedForwards = try ids(
          "SELECT id FROM messages WHERE \(visible) AND id > ?2 ORDER BY id LIMIT ?4", bindings)
        if forwards != expectedForwards { differences.append("after \(cursor) limit \(limit): \(forwards)") }
        let backwards = try ids(Store.pageSQL(fan: true, backwards: true), bindings)
        let expectedBackwards = try ids(
          "SELECT id FROM messages WHERE \(visible) AND id < ?2 ORDER BY id DESC LIMIT ?4", bindings)
        if backwards != expectedBackwards {
          differences.append("before \(cursor) limit \(limit): \(backwards)")
        }
      }
    }
    #expect(
      differences.isEmpty,
      "the fan's page queries differ from a plain filter of broadcasts and own replies; fix Store.pageSQL: \(differences.prefix(5))"
    )
  }

  @Test func fanPage_withManyHiddenReplies_showsBroadcastsAndOwnRepliesInOrder() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let other = try backend.signIn("minji_fan")
    let room = APIPaths.messages(artistID: artist.account.id)
    try backend.backend.core.store.database.write { connection in
      for index in 0..<2_000 {
        try connection.query(
          "INSERT INTO messages (artist_id, sender_id, kind, text, sent_at) VALUES (?, ?, 'reply', ?, 0)",
          [
            .integer(artist.account.id.rawValue), .integer(other.account.id.rawValue),
            .text("hidden \(index)"),
          ])
      }
    }
    _ = backend.send("POST", room, token: artist.token, json: #"{"text":"after the crowd"}"#)
    _ = backend.send("POST", room, token: fan.token, json: #"{"text":"my reply"}"#)
    let page = try backend.send("GET", room, token: fan.token).decoded(MessagePage.self)
    #expect(page.messages.allSatisfy { $0.kind == .broadcast || $0.senderId == fan.account.id })
    #expect(page.messages.map(\.id) == page.messages.map(\.id).sorted())
    #expect(page.messages.suffix(2).map(\.text) == ["after the crowd", "my reply"])
    let paged = try backend.send("GET", room, query: ["limit": "2"], token: fan.token).decoded(
      MessagePage.self)
    #expect(paged.messages.count == 2)
    #expect(paged.hasMore)
  }
}

@Suite struct StorageSafetyTests {
  @Test func databaseLockedByAnotherProcess_answers503WithoutInternals() throws {
    let backend = try TestBackend(busyTimeoutMilliseconds: 100)
    let artist = try backend.signIn("iu_official")
    let response = try backend.whileAnotherProgramHoldsTheWriteLock {
      backend.send(
        "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token, json: #"{"text":"hi"}"#)
    }
    #expect(response.status == 503)
    #expect(response.error?.code == "service_unavailable")
    #expect(response.headers["retry-after"] == "1")
    #expect(!response.text.contains("SQLite"))
    #expect(!response.text.contains("locked"))
  }

  @Test func unexpectedFailure_answers500WithoutInternals() throws {
    let backend = try TestBackend()
    let token = try backend.signIn("demo_fan").token
    try backend.backend.core.store.database.write { try $0.execute("DROP TABLE subscriptions") }
    let response = backend.send("GET", APIPaths.artists, token: token)
    #expect(response.status == 500)
    #expect(!response.text.contains("subscriptions"))
    #expect(!response.text.contains("SQLite"))
  }

  @Test func dataFolderAndDatabaseFiles_areReadableByTheOwnerOnly() throws {
    let backend = try TestBackend()
    _ = try backend.signIn("demo_fan")
    func mode(_ path: String) throws -> Int {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
    #expect(try mode(backend.directory.path) == 0o700)
    let database = backend.directory.appendingPathComponent(DevBackend.databaseFileName).path
    for file in [database, database + "-wal", database + "-shm"]
    where FileManager.default.fileExists(atPath: file) {
      #expect(try mode(file) == 0o600, "\(file)")
    }
  }

  @Test func existingWideOpenDataFolder_isNarrowedTo0700() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    let backend = try TestBackend(directory: folder)
    let attributes = try FileManager.default.attributesOfItem(atPath: backend.directory.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
  }

  @Test func endedSessions_arePurgedOnALaterSignIn() throws {
    let backend = try TestBackend()
    let first = try backend.signIn("demo_fan")
    let signedOut = try backend.signIn("minji_fan")
    #expect(backend.send("POST", APIPaths.signOut, token: signedOut.token).status == 204)
    func sessionCount() throws -> Int64 {
      try backend.backend.core.store.database.read {
        try $0.queryFirst("SELECT COUNT(*) FROM sessions")?.int64(0) ?? -1
      }
    }
    #expect(try sessionCount() == 2)
    backend.advance(seconds: 2 * 3_600)
    let fresh = try backend.signIn("demo_fan")
    #expect(try sessionCount() == 1)
    #expect(backend.send("GET", APIPaths.session, token: fresh.token).status == 200)
    #expect(backend.send("GET", APIPaths.session, token: first.token).status == 401)
  }
}
