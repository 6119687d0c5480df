import CommonDataModels
import Foundation
import ProfileDataModels

/// The artist `iu_official`'s profile, with the display name, status and subscriber count given.
public func profile(
  displayName: String = "아이유", statusMessage: String = "", subscribers: Int = 2
) -> Profile {
  Profile(
    id: 1, username: "iu_official", role: .artist, displayName: displayName, statusMessage: statusMessage,
    subscriberCount: subscribers, subscriptionCount: nil,
    createdAt: Date(timeIntervalSince1970: 1_700_000_000))
}

/// The artist's profile as the server first returns it: `profile()`.
public let artistProfile = profile()
