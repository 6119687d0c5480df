import CommonDataModels

/// Who is signed in: the account part of a ``Session``.
public struct Account: Codable, Sendable, Equatable, Identifiable {
  /// The account's stable id (for an artist, also its room's id).
  public var id: AccountID
  /// The unique login name.
  public var username: String
  /// Fan or artist.
  public var role: AccountRole
  /// The name shown to others.
  public var displayName: String

  /// Creates an account.
  public init(id: AccountID, username: String, role: AccountRole, displayName: String) {
    self.id = id
    self.username = username
    self.role = role
    self.displayName = displayName
  }
}
