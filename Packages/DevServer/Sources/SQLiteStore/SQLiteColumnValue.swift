import Foundation

/// A Swift type a column value converts to with ``SQLiteRow/get(_:as:)-(String,_)``.
///
/// `Int64`, `Int`, `Double`, `Bool`, `String`, `Data` and optionals of them conform; an optional
/// accepts NULL, the others refuse it.
public protocol SQLiteColumnValue {
  /// Converts a stored value, or `nil` when it has another type.
  init?(sqliteValue: SQLiteValue)
  /// The SQLite type this Swift type expects, for error messages.
  static var sqliteTypeName: String { get }
}

extension Int64: SQLiteColumnValue {
  /// Converts an integer value.
  public init?(sqliteValue: SQLiteValue) {
    guard case .integer(let value) = sqliteValue else { return nil }
    self = value
  }
  /// "an integer".
  public static var sqliteTypeName: String { "an integer" }
}

extension Int: SQLiteColumnValue {
  /// Converts an integer value that fits.
  public init?(sqliteValue: SQLiteValue) {
    guard case .integer(let value) = sqliteValue, let fitting = Int(exactly: value) else { return nil }
    self = fitting
  }
  /// "an integer".
  public static var sqliteTypeName: String { "an integer" }
}

extension Bool: SQLiteColumnValue {
  /// Converts an integer value (0 is false).
  public init?(sqliteValue: SQLiteValue) {
    guard case .integer(let value) = sqliteValue else { return nil }
    self = value != 0
  }
  /// "an integer (0 or 1)".
  public static var sqliteTypeName: String { "an integer (0 or 1)" }
}

extension Double: SQLiteColumnValue {
  /// Converts a real or integer value.
  public init?(sqliteValue: SQLiteValue) {
    switch sqliteValue {
    case .real(let value): self = value
    case .integer(let value): self = Double(value)
    default: return nil
    }
  }
  /// "a real number".
  public static var sqliteTypeName: String { "a real number" }
}

extension String: SQLiteColumnValue {
  /// Converts a text value.
  public init?(sqliteValue: SQLiteValue) {
    guard case .text(let value) = sqliteValue else { return nil }
    self = value
  }
  /// "text".
  public static var sqliteTypeName: String { "text" }
}

extension Data: SQLiteColumnValue {
  /// Converts a blob value.
  public init?(sqliteValue: SQLiteValue) {
    guard case .blob(let value) = sqliteValue else { return nil }
    self = value
  }
  /// "a blob".
  public static var sqliteTypeName: String { "a blob" }
}

extension Optional: SQLiteColumnValue where Wrapped: SQLiteColumnValue {
  /// NULL becomes `nil`; anything else converts as `Wrapped` does.
  public init?(sqliteValue: SQLiteValue) {
    if sqliteValue == .null {
      self = .none
    } else if let value = Wrapped(sqliteValue: sqliteValue) {
      self = .some(value)
    } else {
      return nil
    }
  }
  /// The wrapped type's name, or NULL.
  public static var sqliteTypeName: String { "\(Wrapped.sqliteTypeName) or NULL" }
}
