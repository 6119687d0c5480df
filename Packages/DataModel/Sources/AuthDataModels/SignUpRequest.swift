import CommonDataModels

/// The body of `POST /v1/auth/sign-up`.
///
/// The server checks `username` and `password` with `AccountRules`; `displayName` defaults to the
/// username when omitted.
public struct SignUpRequest: Codable, Sendable, Equatable {
  /// 3–20 characters: a–z, 0–9, `.` and `_`.
  public var username: String
  /// 8–72 bytes.
  public var password: String
  /// Fan or artist; fixed for the account's life.
  public var role: AccountRole
  /// The name shown to others; at most 30 characters.
  public var displayName: String?

  /// Creates a request.
  public init(username: String, password: String, role: AccountRole, displayName: String? = nil) {
    self.username = username
    self.password = password
    self.role = role
    self.displayName = displayName
  }
}
