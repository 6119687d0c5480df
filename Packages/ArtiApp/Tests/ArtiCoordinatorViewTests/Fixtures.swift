import AuthDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import ProfileDataModels

/// A session as the server returns it, for the artist `iu_official` unless `role` says otherwise.
func session(role: AccountRole = .artist) -> Session {
  Session(
    token: String(repeating: "a", count: 64), expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
    account: Account(id: 1, username: "iu_official", role: role, displayName: "아이유"))
}

/// The artist's profile.
let artistProfile = Profile(
  id: 1, username: "iu_official", role: .artist, displayName: "아이유", statusMessage: "",
  subscriberCount: 2, subscriptionCount: nil, createdAt: Date(timeIntervalSince1970: 1_700_000_000))

/// An empty room's only page.
let emptyPage = MessagePage(messages: [], cursor: nil, hasMore: false)
