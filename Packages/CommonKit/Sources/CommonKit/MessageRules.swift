/// The rules a chat message must follow, shared by the server and the apps.
public enum MessageRules {
  /// The longest message accepted, in characters.
  public static let maxLength = 500

  /// Checks a message: not blank, at most ``maxLength`` characters.
  ///
  /// ```swift
  /// MessageRules.validate("  ")  // .invalid(.empty)
  /// ```
  public static func validate(_ text: String) -> Validation<TextProblem> {
    AccountRules.validateText(text, maxLength: maxLength, allowsEmpty: false)
  }

  /// How many characters are left before the limit; negative when over it.
  public static func remaining(_ text: String) -> Int {
    maxLength - text.count
  }
}
