import Dispatch
import Foundation
import SQLiteStore
import Testing

@Suite struct BatchedWriteTests {
  static func database() throws -> (SQLiteDatabaseTests.TempDatabase, SQLiteDatabase) {
    let temp = try SQLiteDatabaseTests.TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    try database.write { try $0.execute("CREATE TABLE items (name TEXT NOT NULL UNIQUE)") }
    return (temp, database)
  }

  @Test func concurrentBatchedWrites_everyReturnedWriteIsCommitted_andEachGetsItsOwnResult() throws {
    let (temp, database) = try Self.database()
    let results = DispatchQueue(label: "results")
    nonisolated(unsafe) var returned: [Int: Int64] = [:]
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let rowID = try? database.insertInBatch("INSERT INTO items (name) VALUES (?)", [.text("item \(index)")])
      results.sync { returned[index] = rowID }
    }
    #expect(returned.count == 64)
    #expect(Set(returned.values).count == 64, "two writes reported the same row: \(returned)")
    // A second connection sees every acknowledged row: the batches committed.
    let other = try SQLiteDatabase(path: temp.path)
    #expect(try other.read { try $0.queryFirst("SELECT COUNT(*) FROM items")?.int64(0) } == 64)
  }

  @Test(.timeLimit(.minutes(1)))
  func steadyStreamOfBatchedWrites_everyCallerReturnsWithItsOwnRow_asTheLeadPassesOn() throws {
    let (temp, database) = try Self.database()
    defer { withExtendedLifetime(temp) {} }
    // Eight callers writing back to back keep the queue full, so leaders commit several batches
    // in a row and then hand on; each caller must still get its answer and its own row.
    let results = DispatchQueue(label: "results")
    nonisolated(unsafe) var rowIDs: [String: Int64] = [:]
    DispatchQueue.concurrentPerform(iterations: 8) { writer in
      for index in 0..<150 {
        let name = "writer \(writer) row \(index)"
        let rowID = try? database.insertInBatch("INSERT INTO items (name) VALUES (?)", [.text(name)])
        results.sync { rowIDs[name] = rowID }
      }
    }
    #expect(rowIDs.count == 1_200)
    let stored = try database.read { connection in
      try connection.query("SELECT rowid, name FROM items").map { ($0.string(1), $0.int64(0)) }
    }
    #expect(stored.count == 1_200)
    let mismatched = stored.filter { rowIDs[$0.0] != $0.1 }
    #expect(mismatched.isEmpty, "rows answered with another row's id: \(mismatched.prefix(5))")
  }

  @Test func insertInBatch_failingInsertInASharedBatch_failsAlone_othersCommitWithTheirRowIDs() throws {
    let (temp, database) = try Self.database()
    defer { withExtendedLifetime(temp) {} }
    try database.insertInBatch("INSERT INTO items (name) VALUES ('taken')")
    // Hold the writer so that the inserts queue up and commit together in one batch.
    let writer = HeldWriteLock(database)
    let outcomes = DispatchQueue(label: "outcomes")
    nonisolated(unsafe) var stored: [String: Int64] = [:]
    nonisolated(unsafe) var failed: [String] = []
    let inserts = DispatchGroup()
    for index in 0..<16 {
      // Every fourth insert repeats a unique name: only that statement may fail.
      let name = index % 4 == 0 ? "taken" : "row \(index)"
      inserts.enter()
      Thread.detachNewThread {
        do {
          let rowID = try database.insertInBatch("INSERT INTO items (name) VALUES (?)", [.text(name)])
          outcomes.sync { stored["\(name) #\(index)"] = rowID }
        } catch {
          outcomes.sync { failed.append("\(name) #\(index)") }
        }
        inserts.leave()
      }
    }
    Thread.sleep(forTimeInterval: 0.2)
    writer.release()
    inserts.wait()
    #expect(Set(failed) == Set((0..<16).filter { $0 % 4 == 0 }.map { "taken #\($0)" }))
    let rows = try database.read { connection in
      try connection.query("SELECT rowid, name FROM items WHERE name LIKE 'row %'").map {
        ($0.string(1), $0.int64(0))
      }
    }
    let expected = (0..<16).filter { $0 % 4 != 0 }
    #expect(rows.count == expected.count, "stored rows: \(rows)")
    for (name, rowID) in rows {
      let index = name.split(separator: " ").last.map(String.init) ?? ""
      #expect(stored["\(name) #\(index)"] == rowID, "\(name) was answered with another row id: \(stored)")
    }
  }

  @Test func batchedWrite_whileAnotherConnectionHoldsTheWriteLock_failsAsBusy_andLosesNothing() throws {
    let temp = try SQLiteDatabaseTests.TempDatabase()
    let database = try SQLiteDatabase(path: temp.path, busyTimeoutMilliseconds: 50)
    try database.write { try $0.execute("CREATE TABLE items (name TEXT NOT NULL UNIQUE)") }
    let blocker = HeldWriteLock(try SQLiteDatabase(path: temp.path, busyTimeoutMilliseconds: 50))
    #expect(throws: SQLiteError.self) {
      try database.insertInBatch("INSERT INTO items (name) VALUES ('late')")
    }
    blocker.release()
    try database.insertInBatch("INSERT INTO items (name) VALUES ('after')")
    #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) FROM items")?.int64(0) } == 1)
  }

  @Test func announcedWrites_joinOneBatch_andDroppedNoticesHoldNothingUp() throws {
    let (temp, database) = try Self.database()
    defer { withExtendedLifetime(temp) {} }
    let failures = DispatchQueue(label: "failures")
    nonisolated(unsafe) var failed = 0
    DispatchQueue.concurrentPerform(iterations: 48) { index in
      let notice = database.announceBatchedWrite()
      // A third give up after announcing, as a refused post does.
      guard index % 3 != 0 else { return }
      do {
        try database.insertInBatch(
          announced: notice, "INSERT INTO items (name) VALUES (?)", [.text("announced \(index)")])
      } catch {
        failures.sync { failed += 1 }
      }
    }
    #expect(failed == 0)
    #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) FROM items")?.int64(0) } == 32)
    // Every notice is settled, used or dropped: no commit waits for any of them.
    #expect(database.announcedWrites == 0)
  }
}
