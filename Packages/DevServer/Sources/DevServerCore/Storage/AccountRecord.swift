import CommonDataModels
import SQLiteStore

/// An account row as requests need it, including its password hash (never leaves the backend).
struct AccountRecord: Sendable, Equatable {
  var id: AccountID
  var username: String
  var role: AccountRole
  var displayName: String
  var passwordHash: String

  /// The columns ``init(row:)`` reads, of `accounts` named `a`.
  static let columns = "a.id, a.username, a.role, a.display_name, a.password_hash"

  init(row: SQLiteRow) {
    id = AccountID(row.int64(0))
    username = row.string(1)
    role = AccountRole(rawValue: row.string(2)) ?? .fan
    displayName = row.string(3)
    passwordHash = row.string(4)
  }
}
