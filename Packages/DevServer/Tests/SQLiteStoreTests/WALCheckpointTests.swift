import Foundation
import Testing

@testable import SQLiteStore

@Suite struct WALCheckpointTests {
  static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  @Test func writesThatNeverPause_keepTheLogBounded_copyItIntoTheFile_andLoseNothing() throws {
    let temp = try SQLiteDatabaseTests.TempDatabase()
    let database = try SQLiteDatabase(path: temp.path)
    // Each row fills most of a page, so the log grows about one page per row.
    try database.write { try $0.execute("CREATE TABLE pages (id INTEGER PRIMARY KEY, filler BLOB NOT NULL)") }
    let filler = SQLiteValue.blob(Data(repeating: 0x5A, count: 3_000))
    let limit = SQLiteDatabase.checkpointPageLimit
    // Twice the limit, 50 rows per commit, with no pause between commits.
    let commits = 2 * limit / 50
    for _ in 0..<commits {
      try database.write { connection in
        for _ in 0..<50 { try connection.query("INSERT INTO pages (filler) VALUES (?)", [filler]) }
      }
    }

    let logSize = Self.fileSize(temp.path + "-wal")
    // The limit plus one commit, in pages of 4 KiB with their frame headers.
    let logBound = (limit + 100) * 4_200
    #expect(
      logSize <= logBound,
      "the log grew to \(logSize) bytes over \(commits * 50) pages written; expected at most \(logBound): it never restarted"
    )
    let fileSize = Self.fileSize(temp.path)
    #expect(
      fileSize >= limit * 3_000,
      "the database file holds \(fileSize) bytes after \(commits * 50) rows of 3,000 bytes; the log was never copied into it"
    )
    #expect(
      try database.read { try $0.queryFirst("SELECT COUNT(*) FROM pages")?.int64(0) } == Int64(commits * 50))
  }
}
