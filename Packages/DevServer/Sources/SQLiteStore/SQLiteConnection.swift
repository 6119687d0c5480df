import CSQLite
import Foundation

/// An open SQLite connection, only reachable inside ``SQLiteDatabase/read(_:)`` and
/// ``SQLiteDatabase/write(_:)``, which hand each connection to one thread at a time.
public final class SQLiteConnection {
  let handle: OpaquePointer
  private var statements: [String: PreparedStatement] = [:]

  /// A compiled statement and its column names, read once when it is prepared.
  struct PreparedStatement {
    var handle: OpaquePointer
    var columns: [String]
  }

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  /// Runs one or more statements that return no rows (schema changes, pragmas).
  public func execute(_ sql: String) throws(SQLiteError) {
    var errorMessage: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
    if code != SQLITE_OK {
      let text = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
      sqlite3_free(errorMessage)
      throw SQLiteError(code: code, message: "could not run '\(sql.prefix(60))': \(text)")
    }
  }

  /// Runs a statement with bound parameters and hands each row to `body` as SQLite produces it,
  /// so a large result is never held in memory at once. Return `false` from `body` to stop early.
  ///
  /// ```swift
  /// try connection.forEachRow("SELECT id, name FROM items") { row in
  ///   print(try row.get("name", as: String.self))
  ///   return true
  /// }
  /// ```
  public func forEachRow(
    _ sql: String, _ bindings: [SQLiteValue] = [], _ body: (SQLiteRow) throws -> Bool
  ) throws {
    let statement = try prepared(sql)
    defer {
      sqlite3_reset(statement.handle)
      sqlite3_clear_bindings(statement.handle)
    }
    try bind(bindings, to: statement.handle, sql: sql)
    while true {
      let code = sqlite3_step(statement.handle)
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else {
        throw SQLiteError(code: code, message: "could not run '\(sql.prefix(60))': \(lastErrorMessage)")
      }
      guard try body(readRow(statement)) else { return }
    }
  }

  /// Runs a statement with bound parameters and returns every row.
  @discardableResult
  public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
    try rows(sql, bindings, firstOnly: false)
  }

  /// Runs a statement and returns its first row, if any (the rest are never produced).
  public func queryFirst(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteRow? {
    try rows(sql, bindings, firstOnly: true).first
  }

  private func rows(
    _ sql: String, _ bindings: [SQLiteValue], firstOnly: Bool
  ) throws(SQLiteError) -> [SQLiteRow] {
    var rows: [SQLiteRow] = []
    do {
      try forEachRow(sql, bindings) { row in
        rows.append(row)
        return !firstOnly
      }
    } catch let error as SQLiteError {
      throw error
    } catch {
      // The body above never throws; anything else would be a new failure mode of forEachRow.
      throw SQLiteError(code: SQLITE_ERROR, message: "could not run '\(sql.prefix(60))': \(error)")
    }
    return rows
  }

  /// The rowid of the last inserted row on this connection.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Whether a transaction is open (SQLite is not in autocommit mode).
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

  private func prepared(_ sql: String) throws(SQLiteError) -> PreparedStatement {
    if let statement = statements[sql] { return statement }
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v2(self.handle, sql, -1, &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw SQLiteError(code: code, message: "could not prepare '\(sql.prefix(60))': \(lastErrorMessage)")
    }
    let columns = (0..<sqlite3_column_count(handle)).map { column in
      sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "column \(column)"
    }
    let statement = PreparedStatement(handle: handle, columns: columns)
    statements[sql] = statement
    return statement
  }

  private func bind(_ values: [SQLiteValue], to statement: OpaquePointer, sql: String) throws(SQLiteError) {
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(statement, index)
      case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
      case .real(let number): code = sqlite3_bind_double(statement, index, number)
      case .text(let text): code = Self.bindText(text, to: statement, at: index)
      case .blob(let data):
        code = data.withUnsafeBytes { bytes in
          sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient)
        }
      }
      if code != SQLITE_OK {
        throw SQLiteError(
          code: code, message: "could not bind parameter \(index) of '\(sql.prefix(60))': \(lastErrorMessage)"
        )
      }
    }
  }

  /// Binds `text` with its byte length, so a NUL inside it is stored rather than ending it.
  private static func bindText(_ text: String, to statement: OpaquePointer, at index: Int32) -> Int32 {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        // An empty buffer may have no address, and a NULL pointer would bind SQL NULL.
        return sqlite3_bind_text(statement, index, "", 0, csqlite_transient)
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
        sqlite3_bind_text(statement, index, chars, Int32(bytes.count), csqlite_transient)
      }
    }
  }

  private func readRow(_ statement: PreparedStatement) -> SQLiteRow {
    let handle = statement.handle
    let count = Int32(statement.columns.count)
    var values: [SQLiteValue] = []
    values.reserveCapacity(Int(count))
    for column in 0..<count {
      switch sqlite3_column_type(handle, column) {
      case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(handle, column)))
      case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(handle, column)))
      case SQLITE_TEXT:
        // Read by length, not up to the first NUL, so stored text comes back whole.
        let text = sqlite3_column_text(handle, column).map {
          String(
            decoding: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(handle, column))),
            as: UTF8.self)
        }
        values.append(text.map(SQLiteValue.text) ?? .null)
      case SQLITE_BLOB:
        let bytes = sqlite3_column_blob(handle, column)
        values.append(
          .blob(bytes.map { Data(bytes: $0, count: Int(sqlite3_column_bytes(handle, column))) } ?? Data()))
      default: values.append(.null)
      }
    }
    return SQLiteRow(columns: statement.columns, values: values)
  }

  func close() {
    for statement in statements.values { sqlite3_finalize(statement.handle) }
    statements.removeAll()
    sqlite3_close_v2(handle)
  }
}
