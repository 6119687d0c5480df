import Foundation

/// One result row: values by position (in the order of the `SELECT`) or by column name.
///
/// ```swift
/// let row = try connection.queryFirst("SELECT id, username FROM accounts WHERE id = ?", [.integer(1)])
/// let name = try row?.get("username", as: String.self)   // throws a clear error on a type mismatch
/// let id = row?.int64(0)                                 // lenient positional read
/// ```
public struct SQLiteRow: Sendable, Equatable {
  /// The column names, as SQLite reports them (the `AS` alias when there is one).
  public var columns: [String]
  /// The column values.
  public var values: [SQLiteValue]

  /// Creates a row; `columns` may be empty when only positions are used.
  public init(columns: [String] = [], values: [SQLiteValue]) {
    self.columns = columns
    self.values = values
  }

  /// The value of the column called `name`, or `nil` when the row has no such column.
  public subscript(name: String) -> SQLiteValue? {
    columns.firstIndex(of: name).map { values[$0] }
  }

  /// The value of the column called `name` as `T`.
  ///
  /// - Throws: ``SQLiteError`` naming the column, what it holds and what was expected, when the
  ///   column is missing or its value does not convert (use an optional `T` to accept NULL).
  public func get<T: SQLiteColumnValue>(_ name: String, as type: T.Type = T.self) throws(SQLiteError) -> T {
    guard let index = columns.firstIndex(of: name) else {
      throw SQLiteError(
        code: SQLiteError.mismatchCode,
        message:
          "the row has no column '\(name)'; its columns are \(columns.joined(separator: ", ")). Select it or fix the name."
      )
    }
    return try get(index, as: type)
  }

  /// The value at `index` as `T`; throws like ``get(_:as:)-(String,_)``.
  public func get<T: SQLiteColumnValue>(_ index: Int, as type: T.Type = T.self) throws(SQLiteError) -> T {
    let name = columns.indices.contains(index) ? "'\(columns[index])'" : "\(index)"
    guard values.indices.contains(index) else {
      throw SQLiteError(
        code: SQLiteError.mismatchCode,
        message: "the row has \(values.count) columns; there is no column \(index)")
    }
    guard let value = T(sqliteValue: values[index]) else {
      throw SQLiteError(
        code: SQLiteError.mismatchCode,
        message:
          "column \(name) holds \(values[index].kindName), not \(T.sqliteTypeName); read it as the stored type or change the query"
      )
    }
    return value
  }

  /// The integer at `index`, or 0 when it is NULL or not an integer.
  public func int64(_ index: Int) -> Int64 {
    guard values.indices.contains(index) else { return 0 }
    switch values[index] {
    case .integer(let value): return value
    case .real(let value): return Int64(value)
    default: return 0
    }
  }

  /// The integer at `index`, or `nil` when it is NULL.
  public func optionalInt64(_ index: Int) -> Int64? {
    guard values.indices.contains(index), values[index] != .null else { return nil }
    return int64(index)
  }

  /// The number at `index`, or `nil` when it is NULL.
  public func double(_ index: Int) -> Double? {
    guard values.indices.contains(index) else { return nil }
    switch values[index] {
    case .real(let value): return value
    case .integer(let value): return Double(value)
    default: return nil
    }
  }

  /// The text at `index`, or an empty string when it is NULL.
  public func string(_ index: Int) -> String {
    guard values.indices.contains(index), case .text(let value) = values[index] else { return "" }
    return value
  }
}
