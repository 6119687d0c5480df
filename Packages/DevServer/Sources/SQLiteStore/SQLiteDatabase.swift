import CSQLite
import Foundation
import Synchronization

/// A SQLite database file shared safely by threads of this process and by other processes.
///
/// Opens in WAL mode with foreign keys on and a busy timeout, so `fan` and `arti` (two processes)
/// can use one file at once. Every call runs under one lock; ``write(_:)`` wraps its body in
/// `BEGIN IMMEDIATE … COMMIT` (rolled back on error), so multi-step writes are atomic.
///
/// ```swift
/// let db = try SQLiteDatabase(path: dir.appendingPathComponent("fromm.sqlite").path)
/// try db.migrate([Migration(version: 1, name: "create accounts") { try $0.execute("CREATE TABLE …") }])
/// let count = try db.read { try $0.queryFirst("SELECT COUNT(*) FROM accounts")?.int64(0) ?? 0 }
/// ```
public final class SQLiteDatabase: @unchecked Sendable {
  // @unchecked: the connection is only touched while `lock` is held (see `withConnection`).
  private let lock = Mutex(())
  private let connection: SQLiteConnection
  /// The file's path.
  public let path: String

  /// Opens (creating if needed) the database at `path`.
  ///
  /// - Throws: ``SQLiteError`` naming the path and SQLite's reason when the file cannot be opened
  ///   or written (for example, a folder that is not writable).
  public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(SQLiteError) {
    self.path = path
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw SQLiteError(code: code, message: "could not open the database at '\(path)': \(reason)")
    }
    connection = SQLiteConnection(handle: handle)
    do throws(SQLiteError) {
      sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
      let mode = try connection.queryFirst("PRAGMA journal_mode = WAL")?.string(0)
      guard mode == "wal" else {
        throw SQLiteError(
          code: SQLITE_CANTOPEN,
          message:
            "could not switch '\(path)' to WAL mode (got '\(mode ?? "nothing")'); is the folder writable?")
      }
      // In WAL mode NORMAL keeps every committed transaction across a process crash; only a power
      // loss can drop the last few, which is acceptable for a development server.
      try connection.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
    } catch {
      connection.close()
      throw SQLiteError(
        code: error.code, message: "could not prepare the database at '\(path)': \(error.message)")
    }
  }

  deinit {
    connection.close()
  }

  /// Runs `body` with the connection, outside any explicit transaction (for reads).
  @discardableResult
  public func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try withConnection(body)
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; any thrown error rolls everything back.
  ///
  /// `IMMEDIATE` takes the write lock up front, so two processes never deadlock upgrading a read.
  @discardableResult
  public func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try withConnection { connection in
      try connection.execute("BEGIN IMMEDIATE")
      do {
        let result = try body(connection)
        try connection.execute("COMMIT")
        return result
      } catch {
        try? connection.execute("ROLLBACK")
        throw error
      }
    }
  }

  /// The schema version stored in the file (`PRAGMA user_version`).
  public func schemaVersion() throws -> Int32 {
    try read { Int32(truncatingIfNeeded: try $0.queryFirst("PRAGMA user_version")?.int64(0) ?? 0) }
  }

  /// Applies every migration newer than the file's schema version, each in its own transaction.
  ///
  /// Safe when two processes start at once: the version is re-read after taking the write lock.
  /// - Throws: when the file was written by a newer schema than `migrations` knows.
  public func migrate(_ migrations: [Migration]) throws {
    let sorted = migrations.sorted { $0.version < $1.version }
    let newest = sorted.last?.version ?? 0
    for migration in sorted {
      try write { connection in
        let current = Int32(
          truncatingIfNeeded: try connection.queryFirst("PRAGMA user_version")?.int64(0) ?? 0)
        if current > newest {
          throw SQLiteError(
            code: SQLITE_ERROR,
            message:
              "the database at '\(path)' has schema version \(current), newer than this program knows (\(newest)); use a newer build or another data folder"
          )
        }
        guard current < migration.version else { return }
        try migration.apply(connection)
        try connection.execute("PRAGMA user_version = \(migration.version)")
      }
    }
  }

  private func withConnection<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
    try lock.withLock { _ in try body(connection) }
  }
}

/// One versioned step of a schema: applied once, in order, inside a transaction.
public struct Migration: Sendable {
  /// The schema version after this step (1, 2, …).
  public var version: Int32
  /// What the step does, for people reading logs.
  public var name: String
  /// The step itself.
  public var apply: @Sendable (SQLiteConnection) throws -> Void

  /// Creates a migration.
  public init(version: Int32, name: String, apply: @escaping @Sendable (SQLiteConnection) throws -> Void) {
    self.version = version
    self.name = name
    self.apply = apply
  }
}
