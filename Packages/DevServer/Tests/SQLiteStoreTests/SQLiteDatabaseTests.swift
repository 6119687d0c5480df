import Dispatch
import Foundation
import Testing

@testable import SQLiteStore

@Suite struct SQLiteDatabaseTests {
  final class TempDatabase: Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("test.sqlite").path }
    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: folder) }
  }

  static let migrations = [
    Migration(version: 1, name: "items") { try $0.execute("CREATE TABLE items (name TEXT NOT NULL UNIQUE)") },
    Migration(version: 2, name: "counts") {
      try $0.execute("ALTER TABLE items ADD COLUMN count INTEGER DEFAULT 0")
    },
  ]

  @Test func open_setsWALAndForeignKeys() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    #expect(try database.read { try $0.queryFirst("PRAGMA journal_mode")?.string(0) } == "wal")
    #expect(try database.read { try $0.queryFirst("PRAGMA foreign_keys")?.int64(0) } == 1)
  }

  @Test func open_missingFolder_throwsWithPath() {
    let path = "/nonexistent-folder-\(UUID().uuidString)/db.sqlite"
    do {
      _ = try SQLiteDatabase(path: path)
      Issue.record("opening in a missing folder succeeded")
    } catch {
      #expect(error.message.contains(path))
    }
  }

  @Test(arguments: SQLiteDatabase.Durability.allCases)
  func durability_setsTheWritersSynchronousLevel(durability: SQLiteDatabase.Durability) throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path, durability: durability)
    // SQLite's levels: 1 NORMAL, 2 FULL.
    let level = try database.write { try $0.queryFirst("PRAGMA synchronous")?.int64(0) }
    #expect(level == (durability == .full ? 2 : 1))
  }

  @Test func migrate_appliesEachStepOnce_andRecordsVersion() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    try database.migrate(Self.migrations)
    try database.migrate(Self.migrations)
    #expect(try database.schemaVersion() == 2)
    try database.write { try $0.query("INSERT INTO items (name, count) VALUES (?, ?)", ["a", 3]) }
    #expect(try database.read { try $0.queryFirst("SELECT count FROM items")?.int64(0) } == 3)
  }

  @Test func migrate_fileFromNewerSchema_throws() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    try database.write { try $0.execute("PRAGMA user_version = 7") }
    #expect(throws: SQLiteError.self) { try database.migrate(Self.migrations) }
  }

  @Test func write_errorRollsBackEveryStep() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    try database.migrate(Self.migrations)
    #expect(throws: SQLiteError.self) {
      try database.write { connection in
        try connection.query("INSERT INTO items (name) VALUES (?)", ["first"])
        try connection.query("INSERT INTO items (name) VALUES (?)", ["first"])
      }
    }
    #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) FROM items")?.int64(0) } == 0)
  }

  @Test func constraintViolation_isRecognisable() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    try database.migrate(Self.migrations)
    try database.write { try $0.query("INSERT INTO items (name) VALUES ('x')") }
    do {
      try database.write { try $0.query("INSERT INTO items (name) VALUES ('x')") }
      Issue.record("duplicate insert succeeded")
    } catch let error as SQLiteError {
      #expect(error.isConstraintViolation)
    }
  }

  @Test func values_roundTripEveryType() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    let values: [SQLiteValue] = [
      .null, .integer(-42), .real(1.5), .text("héllo 👋"), .blob(Data([0, 1, 255])),
    ]
    let row = try database.read { try $0.queryFirst("SELECT ?, ?, ?, ?, ?", values) }
    #expect(row?.values == values)
  }

  @Test func twoConnections_shareOneFile() throws {
    let temp = try TempDatabase()
    let first = try SQLiteDatabase(path: temp.path)
    let second = try SQLiteDatabase(path: temp.path)
    try first.migrate(Self.migrations)
    try second.migrate(Self.migrations)
    try first.write { try $0.query("INSERT INTO items (name) VALUES ('shared')") }
    #expect(try second.read { try $0.queryFirst("SELECT name FROM items")?.string(0) } == "shared")
  }

  @Test func text_withNULAndControlCharacters_roundTripsWhole() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    try database.migrate(Self.migrations)
    let text = "fromm-demo-1\u{0}junk\r\n"
    try database.write { try $0.query("INSERT INTO items (name) VALUES (?)", [.text(text)]) }
    #expect(
      try database.read { try $0.queryFirst("SELECT name, length(CAST(name AS BLOB)) FROM items") }?.values
        == [.text(text), .integer(Int64(text.utf8.count))])
    #expect(
      try database.read { try $0.queryFirst("SELECT 1 FROM items WHERE name = ?", ["fromm-demo-1"]) } == nil)
  }

  @Test func emptyText_bindsAsEmptyNotNULL() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    #expect(
      try database.read { try $0.queryFirst("SELECT ? IS NULL, ?", ["", ""]) }?.values == [
        .integer(0), .text(""),
      ])
  }

  @Test func row_readsColumnsByName() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    let row = try #require(
      try database.read { try $0.queryFirst("SELECT 7 AS id, 'ann' AS name, NULL AS note") })
    #expect(row.columns == ["id", "name", "note"])
    #expect(try row.get("id", as: Int64.self) == 7)
    #expect(try row.get("name", as: String.self) == "ann")
    #expect(try row.get("note", as: String?.self) == nil)
    #expect(row["name"] == .text("ann"))
  }

  @Test func row_wrongType_throwsNamingColumnStoredTypeAndExpectedType() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    let row = try #require(try database.read { try $0.queryFirst("SELECT 'ann' AS name, NULL AS note") })
    let wrongType = #expect(throws: SQLiteError.self) { try row.get("name", as: Int64.self) }
    #expect(wrongType?.message.contains("column 'name' holds text, not an integer") == true)
    let null = #expect(throws: SQLiteError.self) { try row.get("note", as: String.self) }
    #expect(null?.message.contains("holds NULL") == true)
    let missing = #expect(throws: SQLiteError.self) { try row.get("nmae", as: String.self) }
    #expect(missing?.message.contains("its columns are name, note") == true)
  }

  @Test func forEachRow_streamsRowsAndStopsWhenAsked() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    var seen: [Int64] = []
    try database.read { connection in
      try connection.forEachRow(
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n"
      ) { row in
        seen.append(try row.get("x", as: Int64.self))
        return seen.count < 5
      }
    }
    // The query is endless: only streaming with an early stop can return.
    #expect(seen == [1, 2, 3, 4, 5])
  }

  @Test func reads_runWhileAnotherReadAndAWriteAreInProgress() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path, readers: 2)
    try database.migrate(Self.migrations)
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? database.read { _ in
        holding.signal()
        release.wait()
      }
    }
    Thread.detachNewThread {
      _ = try? database.write { _ in
        holding.signal()
        release.wait()
      }
    }
    holding.wait()
    holding.wait()
    let answered = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? database.read { try $0.queryFirst("SELECT COUNT(*) FROM items") }
      answered.signal()
    }
    let result = answered.wait(timeout: .now() + 5)
    release.signal()
    release.signal()
    #expect(result == .success, "a read waited for another read or the writer")
  }

  @Test func readTransaction_seesOneSnapshot_andEndsIt() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path, readers: 1)
    try database.migrate(Self.migrations)
    let count = "SELECT COUNT(*) FROM items"
    let (before, during) = try database.readTransaction { connection in
      let before = try connection.queryFirst(count)?.int64(0)
      // A write committed between two statements of the transaction stays out of its snapshot.
      try database.write { try $0.query("INSERT INTO items (name) VALUES ('new')") }
      return (before, try connection.queryFirst(count)?.int64(0))
    }
    #expect(before == 0 && during == 0, "statements of one read transaction saw different snapshots")
    // The only read connection is the one used above: it must see the write now.
    #expect(try database.read { try $0.queryFirst(count)?.int64(0) } == 1)
    #expect(try database.read { $0.isInTransaction } == false)
  }

  @Test func readTransaction_bodyThrows_connectionComesBackWithoutTransaction() throws {
    struct Refused: Error {}
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path, readers: 1)
    try database.migrate(Self.migrations)
    #expect(throws: Refused.self) {
      try database.readTransaction { connection in
        _ = try connection.queryFirst("SELECT COUNT(*) FROM items")
        throw Refused()
      }
    }
    try database.write { try $0.query("INSERT INTO items (name) VALUES ('after')") }
    // A transaction left open would keep the old snapshot: no row, and the next BEGIN would fail.
    #expect(try database.read { $0.isInTransaction } == false)
    #expect(try database.readTransaction { try $0.queryFirst("SELECT COUNT(*) FROM items")?.int64(0) } == 1)
  }

  @Test func read_bodyLeavesTransactionOpen_isEndedBeforeTheNextRead() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path, readers: 1)
    try database.migrate(Self.migrations)
    try database.read { connection in
      try connection.execute("BEGIN")
      _ = try connection.queryFirst("SELECT COUNT(*) FROM items")
    }
    try database.write { try $0.query("INSERT INTO items (name) VALUES ('after')") }
    #expect(try database.read { $0.isInTransaction } == false)
    #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) FROM items")?.int64(0) } == 1)
  }

  @Test func readConnection_refusesWrites() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    try database.migrate(Self.migrations)
    #expect(throws: SQLiteError.self) {
      try database.read { try $0.query("INSERT INTO items (name) VALUES ('x')") }
    }
  }

  @Test func newDatabaseFile_isCreatedOwnerOnly() throws {
    let temp = try TempDatabase()
    _ = try SQLiteDatabase(path: temp.path)
    let attributes = try FileManager.default.attributesOfItem(atPath: temp.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test func changeCounter_movesWithEveryCommit_fromThisDatabaseOrAnother_andNotWithReads() throws {
    let temp = try TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    try database.write { try $0.execute("CREATE TABLE items (name TEXT)") }
    let start = try database.changeCounter()
    _ = try database.read { try $0.queryFirst("SELECT COUNT(*) FROM items") }
    #expect(try database.changeCounter() == start)
    try database.write { try $0.execute("INSERT INTO items VALUES ('mine')") }
    let afterOwn = try database.changeCounter()
    #expect(afterOwn != start)
    let other = try SQLiteDatabase(path: temp.path)
    try other.write { try $0.execute("INSERT INTO items VALUES ('theirs')") }
    #expect(try database.changeCounter() != afterOwn)
  }
}
