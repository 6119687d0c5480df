/// Text shown by an ``AlertState``, a ``ConfirmationDialogState`` or a ``ButtonState``, written
/// the way TCA writes it: `TextState("Delete this message?")`.
///
/// Our alerts carry plain strings (this library renders them in a terminal, with no styling or
/// localization tables); `TextState` exists so that TCA's builder syntax reads the same.
public struct TextState: Equatable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The text.
  public var string: String

  /// Creates text from a string.
  public init(_ string: String) {
    self.string = string
  }

  /// Creates text from a string, without localization (which this library never applies).
  public init(verbatim string: String) {
    self.string = string
  }

  /// Creates text from a literal.
  public init(stringLiteral string: String) {
    self.string = string
  }

  /// The text itself.
  public var description: String { string }
}
