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

extension SQLiteValue {
  /// The storage class's name, for error messages ("integer", "text", …).
  var kindName: String {
    switch self {
    case .null: "NULL"
    case .integer: "an integer"
    case .real: "a real number"
    case .text: "text"
    case .blob: "a blob"
    }
  }
}
