import Dispatch
import Foundation
import SQLiteStore
import Synchronization
import Testing

/// `insertInBatch(…, onCommit:)`: writes whose callers do not wait for their commit.
@Suite struct InsertOnCommitTests {
  /// Outcomes of inserts reported through `onCommit`, by row name.
  final class Outcomes: Sendable {
    private let results = Mutex<[String: Result<Int64, any Error>]>([:])
    let reported = DispatchGroup()

    /// Queues an insert of `name`, counted until its outcome arrives, which is kept under `key`.
    func insert(
      _ name: String, as key: String? = nil, into database: SQLiteDatabase,
      announced: BatchedWriteNotice? = nil
    ) {
      let key = key ?? name
      reported.enter()
      database.insertInBatch(announced: announced, "INSERT INTO items (name) VALUES (?)", [.text(name)]) {
        result in
        let first = self.results.withLock { results in
          defer { results[key] = result }
          return results[key] == nil
        }
        #expect(first, "\(key) was told its outcome twice")
        self.reported.leave()
      }
    }

    /// Waits for every queued insert's outcome; false when some never came.
    func waitForAll() -> Bool { reported.wait(timeout: .now() + 20) == .success }

    var rowIDs: [String: Int64] { results.withLock { $0.compactMapValues { try? $0.get() } } }
    var failed: Set<String> {
      Set(results.withLock { $0.filter { (try? $0.value.get()) == nil }.map(\.key) })
    }
  }

  static func storedRows(_ database: SQLiteDatabase) throws -> [String: Int64] {
    let rows = try database.read { connection in
      try connection.query("SELECT rowid, name FROM items").map { ($0.string(1), $0.int64(0)) }
    }
    return Dictionary(rows, uniquingKeysWith: { first, _ in first })
  }

  @Test(.timeLimit(.minutes(1)))
  func insertsFromManyThreads_eachIsToldItsOwnCommittedRow() throws {
    let (temp, database) = try BatchedWriteTests.database()
    defer { withExtendedLifetime(temp) {} }
    let outcomes = Outcomes()
    DispatchQueue.concurrentPerform(iterations: 8) { writer in
      for index in 0..<100 { outcomes.insert("writer \(writer) row \(index)", into: database) }
    }
    #expect(outcomes.waitForAll())
    #expect(outcomes.failed.isEmpty)
    let stored = try Self.storedRows(database)
    #expect(stored.count == 800)
    #expect(outcomes.rowIDs == stored, "an insert was told another row's id")
  }

  @Test(.timeLimit(.minutes(1)))
  func onCommit_runsOnceTheRowIsCommitted_anotherConnectionSeesIt() throws {
    let (temp, database) = try BatchedWriteTests.database()
    defer { withExtendedLifetime(temp) {} }
    let other = try SQLiteDatabase(path: temp.path)
    let seen = DispatchSemaphore(value: 0)
    let visible = Mutex<Bool?>(nil)
    database.insertInBatch("INSERT INTO items (name) VALUES ('pear')") { result in
      let id = try? result.get()
      let count = try? other.read {
        try $0.queryFirst("SELECT COUNT(*) FROM items WHERE rowid = ?", [.integer(id ?? -1)])?.int64(0)
      }
      visible.withLock { $0 = count == 1 }
      seen.signal()
    }
    #expect(seen.wait(timeout: .now() + 10) == .success)
    #expect(visible.withLock { $0 } == true)
  }

  @Test(.timeLimit(.minutes(1)))
  func failingInsert_isToldItsError_theRestOfItsBatchCommits() throws {
    let (temp, database) = try BatchedWriteTests.database()
    defer { withExtendedLifetime(temp) {} }
    try database.insertInBatch("INSERT INTO items (name) VALUES ('taken')")
    let outcomes = Outcomes()
    // Hold the writer so that the inserts queue up and share a batch.
    let writer = HeldWriteLock(database)
    let inserting = DispatchGroup()
    for index in 0..<12 {
      inserting.enter()
      Thread.detachNewThread {
        // Every fourth insert repeats a unique name: only that statement may fail.
        if index % 4 == 0 {
          outcomes.insert("taken", as: "taken \(index)", into: database)
        } else {
          outcomes.insert("row \(index)", into: database)
        }
        inserting.leave()
      }
    }
    // The first insert leads and waits for the writer, so the others queue behind it meanwhile.
    Thread.sleep(forTimeInterval: 0.2)
    writer.release()
    inserting.wait()
    #expect(outcomes.waitForAll())
    #expect(outcomes.failed == ["taken 0", "taken 4", "taken 8"])
    var stored = try Self.storedRows(database)
    #expect(stored.removeValue(forKey: "taken") != nil)
    #expect(Set(stored.keys) == Set((0..<12).filter { $0 % 4 != 0 }.map { "row \($0)" }))
    #expect(outcomes.rowIDs == stored, "an insert was told another row's id")
  }

  @Test(.timeLimit(.minutes(1)))
  func insertsThatDoNotWait_andWritesThatDo_sharingBatches_allFinish() throws {
    let (temp, database) = try BatchedWriteTests.database()
    defer { withExtendedLifetime(temp) {} }
    let outcomes = Outcomes()
    let waitingFailures = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: 8) { writer in
      for index in 0..<60 {
        if writer % 2 == 0 {
          outcomes.insert(
            "later \(writer) \(index)", into: database, announced: database.announceBatchedWrite())
        } else {
          do {
            try database.insertInBatch(
              "INSERT INTO items (name) VALUES (?)", [.text("waited \(writer) \(index)")])
          } catch {
            waitingFailures.withLock { $0 += 1 }
          }
        }
      }
    }
    #expect(outcomes.waitForAll())
    #expect(outcomes.failed.isEmpty)
    #expect(waitingFailures.withLock { $0 } == 0)
    #expect(try Self.storedRows(database).count == 480)
  }
}
