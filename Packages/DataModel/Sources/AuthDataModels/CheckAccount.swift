/// The body of `POST /v1/auth/check-account`.
public struct CheckAccountRequest: Codable, Sendable, Equatable {
  /// The username to look up.
  public var username: String

  /// Creates a request.
  public init(username: String) { self.username = username }
}

/// The answer of `POST /v1/auth/check-account`.
public struct CheckAccountResponse: Codable, Sendable, Equatable {
  /// The username that was looked up.
  public var username: String
  /// Whether an account with this username exists.
  public var exists: Bool

  /// Creates a response.
  public init(username: String, exists: Bool) {
    self.username = username
    self.exists = exists
  }
}
