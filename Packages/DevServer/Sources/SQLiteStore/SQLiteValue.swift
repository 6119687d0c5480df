import Foundation

/// A value stored in or read from SQLite.
public enum SQLiteValue: Sendable, Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob(Data)
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByNilLiteral {
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(stringLiteral value: String) { self = .text(value) }
  public init(nilLiteral: ()) { self = .null }
}

/// One result row; columns are read by index in the order of the `SELECT`.
public struct SQLiteRow: Sendable, Equatable {
  /// The column values.
  public var values: [SQLiteValue]

  /// Creates a row.
  public init(values: [SQLiteValue]) { self.values = values }

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
