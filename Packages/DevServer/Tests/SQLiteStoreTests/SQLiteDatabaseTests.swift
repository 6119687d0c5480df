import Foundation
import SQLiteStore
import Testing

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
}
