/// The stable identity of one screen in a ``StackState``.
///
/// Ids count up from 0 in the order screens are pushed onto a stack and are never reused, so
/// a test can name them: `.path(.element(id: 0, action: .saveButtonTapped))`.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// The id's number.
  public let rawValue: Int

  /// Creates an id from its number.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Creates an id from a literal, as tests write it.
  public init(integerLiteral value: Int) { self.rawValue = value }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "#\(rawValue)" }
}
