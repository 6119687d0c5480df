import CommonDataModels
import Foundation
import SQLiteStore

/// An account row, including its password hash (never leaves the backend).
struct AccountRecord: Sendable, Equatable {
  var id: AccountID
  var username: String
  var role: AccountRole
  var displayName: String
  var statusMessage: String
  var passwordHash: String
  var createdAt: Date

  /// The columns ``init(row:)`` reads, of `accounts` named `a`.
  static let columns =
    "a.id, a.username, a.role, a.display_name, a.status_message, a.password_hash, a.created_at"

  init(row: SQLiteRow) {
    id = AccountID(row.int64(0))
    username = row.string(1)
    role = AccountRole(rawValue: row.string(2)) ?? .fan
    displayName = row.string(3)
    statusMessage = row.string(4)
    passwordHash = row.string(5)
    createdAt = Date(timeIntervalSince1970: row.double(6) ?? 0)
  }
}
