import CommonDataModels

/// Why signing in failed, as the password screen explains it in place.
public enum SignInError: Equatable, Sendable {
  /// The password does not match the account.
  case wrongPassword
  /// The account may not sign in now (locked, suspended); the server's message says why.
  case locked(String)
  /// The account is a fan's, and this is the artist app.
  case notAnArtist
  /// Anything else (network, server); the message says what happened.
  case unknown(String)

  /// How the server's refusal reads on this screen.
  public init(_ error: APIError) {
    switch error {
    case .unauthorized:
      self = .wrongPassword
    case .rejected(let code, let message) where Self.lockedCodes.contains(code):
      self = .locked(message)
    default:
      self = .unknown(error.message)
    }
  }

  /// The codes a server uses for an account that may not sign in right now.
  static let lockedCodes: Set<String> = ["forbidden", "account_locked", "locked", "too_many_attempts"]

  /// One clear sentence for the artist.
  public var message: String {
    switch self {
    case .wrongPassword:
      "The username or password is wrong. Check the password and try again."
    case .locked(let message):
      message.isEmpty
        ? "This account is locked. Try again later." : "This account cannot sign in now: \(message)"
    case .notAnArtist:
      "This is a fan account. Sign in with an artist account, or use the fan app."
    case .unknown(let message):
      message
    }
  }
}
