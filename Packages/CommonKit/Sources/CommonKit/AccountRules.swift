/// The rules an account's username and password must follow.
///
/// The server and both apps validate with these same rules, so what the apps explain in place is
/// exactly what the server enforces.
///
/// ```swift
/// switch AccountRules.validateUsername("ab") {
/// case .valid: …
/// case .invalid(let problem): print(problem.message)  // "At least 3 characters."
/// }
/// ```
public enum AccountRules {
  /// The shortest username accepted.
  public static let usernameMinLength = 3
  /// The longest username accepted.
  public static let usernameMaxLength = 20
  /// The shortest password accepted.
  public static let passwordMinLength = 8
  /// The longest password accepted; longer input is refused rather than silently truncated.
  public static let passwordMaxLength = 72
  /// The longest display name or nickname accepted, in characters.
  public static let displayNameMaxLength = 30
  /// The longest status message accepted, in characters.
  public static let statusMessageMaxLength = 100

  /// A one-line description of the username rules, to show next to an input field.
  public static let usernameRuleDescription =
    "3–20 characters: lowercase letters a–z, digits, '.' and '_'."
  /// A one-line description of the password rules, to show next to an input field.
  public static let passwordRuleDescription = "8–72 characters."

  /// Checks a username against the rules.
  public static func validateUsername(_ username: String) -> Validation<UsernameProblem> {
    if username.isEmpty { return .invalid(.empty) }
    if username.count < usernameMinLength { return .invalid(.tooShort) }
    if username.count > usernameMaxLength { return .invalid(.tooLong) }
    let allowed = username.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_"
    }
    return allowed ? .valid : .invalid(.invalidCharacters)
  }

  /// Checks a password against the rules.
  public static func validatePassword(_ password: String) -> Validation<PasswordProblem> {
    if password.isEmpty { return .invalid(.empty) }
    if password.count < passwordMinLength { return .invalid(.tooShort) }
    if password.utf8.count > passwordMaxLength { return .invalid(.tooLong) }
    return .valid
  }

  /// Checks a display name: not blank, at most ``displayNameMaxLength`` characters.
  public static func validateDisplayName(_ name: String) -> Validation<TextProblem> {
    validateText(name, maxLength: displayNameMaxLength, allowsEmpty: false)
  }

  /// Checks a status message: may be empty, at most ``statusMessageMaxLength`` characters.
  public static func validateStatusMessage(_ status: String) -> Validation<TextProblem> {
    validateText(status, maxLength: statusMessageMaxLength, allowsEmpty: true)
  }

  static func validateText(_ text: String, maxLength: Int, allowsEmpty: Bool) -> Validation<TextProblem> {
    if !allowsEmpty && text.trimmingWhitespace().isEmpty { return .invalid(.empty) }
    if text.count > maxLength { return .invalid(.tooLong(maxLength: maxLength)) }
    return .valid
  }
}

/// Why a username was refused.
public enum UsernameProblem: Equatable, Sendable {
  case empty
  case tooShort
  case tooLong
  case invalidCharacters

  /// A message a person can act on.
  public var message: String {
    switch self {
    case .empty: "Enter a username."
    case .tooShort: "At least \(AccountRules.usernameMinLength) characters."
    case .tooLong: "At most \(AccountRules.usernameMaxLength) characters."
    case .invalidCharacters: "Use only lowercase letters a–z, digits, '.' and '_'."
    }
  }
}

/// Why a password was refused.
public enum PasswordProblem: Equatable, Sendable {
  case empty
  case tooShort
  case tooLong

  /// A message a person can act on.
  public var message: String {
    switch self {
    case .empty: "Enter a password."
    case .tooShort: "At least \(AccountRules.passwordMinLength) characters."
    case .tooLong: "At most \(AccountRules.passwordMaxLength) bytes."
    }
  }
}

/// Why a piece of free text was refused.
public enum TextProblem: Equatable, Sendable {
  case empty
  case tooLong(maxLength: Int)

  /// A message a person can act on.
  public var message: String {
    switch self {
    case .empty: "This cannot be empty."
    case .tooLong(let maxLength): "At most \(maxLength) characters."
    }
  }
}
