import CommonDataModels
import SQLiteStore
import Testing

@testable import DevServerCore

/// The activity feed's queries, the ones a held request repeats, read through index ranges of
/// the caller's own rooms and never walk the messages of a room.
@Suite struct ActivityQueryPlanTests {
  func plan(_ backend: TestBackend, _ sql: String, _ bindings: [SQLiteValue]) throws -> [String] {
    try backend.backend.core.store.database.read { connection in
      try connection.query("EXPLAIN QUERY PLAN " + sql, bindings).map {
        try $0.get("detail", as: String.self)
      }
    }
  }

  @Test(arguments: [Store.fanNewestNewsSQL, Store.fanActivitySQL])
  func fanQuery_readsTheBroadcastIndexPerSubscription_neverScansMessages(sql: String) throws {
    let backend = try TestBackend()
    let steps = try plan(backend, sql, sql.contains("?2") ? [4, 0] : [4])
    #expect(steps.contains { $0.contains("messages_broadcasts") }, "plan: \(steps)")
    #expect(steps.contains { $0.contains("subscriptions") && !$0.hasPrefix("SCAN") }, "plan: \(steps)")
    #expect(
      !steps.contains {
        $0.hasPrefix("SCAN m") || $0.hasPrefix("SCAN messages") || $0.contains("messages_room")
      },
      "plan: \(steps)")
  }

  @Test(arguments: [Store.artistNewestNewsSQL, Store.artistActivitySQL])
  func artistQuery_readsTheOwnRoomThroughTheRoomIndex_neverScans(sql: String) throws {
    let backend = try TestBackend()
    let steps = try plan(backend, sql, sql.contains("?2") ? [1, 0] : [1])
    #expect(steps.contains { $0.contains("messages_room") }, "plan: \(steps)")
    #expect(
      !steps.contains { ($0.hasPrefix("SCAN") && $0 != "SCAN CONSTANT ROW") || $0.contains("TEMP B-TREE") },
      "plan: \(steps)")
  }
}
