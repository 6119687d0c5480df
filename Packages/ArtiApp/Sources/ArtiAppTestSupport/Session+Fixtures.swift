import AuthDataModels
import CommonDataModels
import Foundation

/// A session as the server returns it, for the artist `iu_official` unless `role` says otherwise.
public func session(role: AccountRole = .artist) -> Session {
  Session(
    token: String(repeating: "a", count: 64), expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
    account: Account(id: 1, username: "iu_official", role: role, displayName: "아이유"))
}
