import CommonDataModels
import Foundation

/// The caller's own profile: `GET` and `PATCH /v1/profile`.
public struct Profile: Codable, Sendable, Equatable, Identifiable {
  /// The account id.
  public var id: AccountID
  /// The login name (cannot be changed).
  public var username: String
  /// Fan or artist.
  public var role: AccountRole
  /// The name shown to others, 1–30 characters.
  public var displayName: String
  /// A short status line, 0–100 characters.
  public var statusMessage: String
  /// For an artist, how many fans subscribe; `nil` for a fan.
  public var subscriberCount: Int?
  /// For a fan, how many artists they subscribe to; `nil` for an artist.
  public var subscriptionCount: Int?
  /// When the account was created.
  public var createdAt: Date

  /// Creates a profile.
  public init(
    id: AccountID, username: String, role: AccountRole, displayName: String, statusMessage: String,
    subscriberCount: Int?, subscriptionCount: Int?, createdAt: Date
  ) {
    self.id = id
    self.username = username
    self.role = role
    self.displayName = displayName
    self.statusMessage = statusMessage
    self.subscriberCount = subscriberCount
    self.subscriptionCount = subscriptionCount
    self.createdAt = createdAt
  }
}
