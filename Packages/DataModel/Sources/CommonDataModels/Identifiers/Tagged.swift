/// A raw value (an integer, a string) that names one kind of thing, so that ids of two kinds
/// cannot be mixed up even when both are integers.
///
/// `Tag` is only a marker and is never stored: `Tagged<AccountTag, Int64>` and
/// `Tagged<MessageTag, Int64>` are distinct types with the same layout as `Int64`. In JSON a
/// tagged value is its raw value alone (`"id": 42`).
///
/// ```swift
/// public enum AccountTag {}
/// public typealias AccountID = Tagged<AccountTag, Int64>
///
/// let id: AccountID = 42
/// let message: MessageID = id  // does not compile: another kind of id
/// ```
public struct Tagged<Tag, RawValue>: RawRepresentable {
  /// The raw value, such as the integer the server assigned.
  public var rawValue: RawValue

  /// Wraps a raw value.
  public init(rawValue: RawValue) { self.rawValue = rawValue }

  /// Wraps a raw value: `AccountID(42)`.
  public init(_ rawValue: RawValue) { self.rawValue = rawValue }
}

extension Tagged: Sendable where RawValue: Sendable {}
extension Tagged: Equatable where RawValue: Equatable {}
extension Tagged: Hashable where RawValue: Hashable {}

extension Tagged: Comparable where RawValue: Comparable {
  /// Orders by raw value: for ids that grow with time, older first.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Tagged: Decodable where RawValue: Decodable {
  /// Reads the raw value alone, as the wire carries it.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(RawValue.self)
  }
}

extension Tagged: Encodable where RawValue: Encodable {
  /// Writes the raw value alone.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

extension Tagged: CustomStringConvertible {
  /// The raw value as text: `42`.
  public var description: String { String(describing: rawValue) }
}

extension Tagged: ExpressibleByIntegerLiteral where RawValue: ExpressibleByIntegerLiteral {
  /// Creates a value from an integer literal, handy in tests and previews.
  public init(integerLiteral value: RawValue.IntegerLiteralType) {
    rawValue = RawValue(integerLiteral: value)
  }
}
