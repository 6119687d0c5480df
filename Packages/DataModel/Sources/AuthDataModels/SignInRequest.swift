/// The body of `POST /v1/auth/sign-in`.
public struct SignInRequest: Codable, Sendable, Equatable {
  /// The account's username.
  public var username: String
  /// The account's password.
  public var password: String

  /// Creates a request.
  public init(username: String, password: String) {
    self.username = username
    self.password = password
  }
}
