import CSQLite
import Foundation

/// An open SQLite connection, only reachable inside ``SQLiteDatabase/read(_:)`` and
/// ``SQLiteDatabase/write(_:)``, which hold the database's lock.
public final class SQLiteConnection {
  let handle: OpaquePointer
  private var statements: [String: OpaquePointer] = [:]

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

  /// Runs a statement with bound parameters and returns every row.
  @discardableResult
  public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [SQLiteRow] {
    let statement = try prepared(sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    try bind(bindings, to: statement, sql: sql)
    var rows: [SQLiteRow] = []
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw SQLiteError(code: code, message: "could not run '\(sql.prefix(60))': \(lastErrorMessage)")
      }
      rows.append(readRow(statement))
    }
    return rows
  }

  /// Runs a statement and returns its first row, if any.
  public func queryFirst(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> SQLiteRow? {
    try query(sql, bindings).first
  }

  /// The rowid of the last inserted row on this connection.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  public var changes: Int { Int(sqlite3_changes(handle)) }

  var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }

  private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
    if let statement = statements[sql] { return statement }
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw SQLiteError(code: code, message: "could not prepare '\(sql.prefix(60))': \(lastErrorMessage)")
    }
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
      case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, csqlite_transient)
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

  private func readRow(_ statement: OpaquePointer) -> SQLiteRow {
    let count = sqlite3_column_count(statement)
    var values: [SQLiteValue] = []
    values.reserveCapacity(Int(count))
    for column in 0..<count {
      switch sqlite3_column_type(statement, column) {
      case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(statement, column)))
      case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(statement, column)))
      case SQLITE_TEXT:
        if let text = sqlite3_column_text(statement, column) {
          values.append(.text(String(cString: text)))
        } else {
          values.append(.null)
        }
      case SQLITE_BLOB:
        let length = Int(sqlite3_column_bytes(statement, column))
        if let bytes = sqlite3_column_blob(statement, column) {
          values.append(.blob(Data(bytes: bytes, count: length)))
        } else {
          values.append(.blob(Data()))
        }
      default: values.append(.null)
      }
    }
    return SQLiteRow(values: values)
  }

  func close() {
    for statement in statements.values { sqlite3_finalize(statement) }
    statements.removeAll()
    sqlite3_close_v2(handle)
  }
}
