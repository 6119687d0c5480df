/// The stable id of a message; ids grow with time, so the largest id seen is a polling cursor.
///
/// Encoded in JSON as a plain integer: `"id": 1207`.
public struct MessageID: RawRepresentable, Codable, Hashable, Sendable, Comparable,
  ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The integer the server assigned.
  public var rawValue: Int64

  /// Creates an id from the server's integer.
  public init(rawValue: Int64) { self.rawValue = rawValue }
  /// Creates an id from the server's integer.
  public init(_ rawValue: Int64) { self.rawValue = rawValue }
  /// Creates an id from an integer literal, handy in tests and previews.
  public init(integerLiteral value: Int64) { self.rawValue = value }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public static func < (lhs: MessageID, rhs: MessageID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { String(rawValue) }
}
