import CommonDataModels
import Foundation

/// A signed-in session: returned by sign-up (201), sign-in (200) and `GET /v1/auth/session`.
///
/// Send `token` as `authorization: Bearer <token>` on every call that needs a session.
public struct Session: Codable, Sendable, Equatable {
  /// The opaque bearer token (random, 64 hex characters).
  public var token: String
  /// When the token stops working; sign in again after this.
  public var expiresAt: Date
  /// The signed-in account.
  public var account: Account

  /// Creates a session.
  public init(token: String, expiresAt: Date, account: Account) {
    self.token = token
    self.expiresAt = expiresAt
    self.account = account
  }
}
