import CommonDataModels
import Foundation
import ProfileDataModels

/// The artist `iu_official`'s profile, with `displayName` and `statusMessage` as given.
public func profile(displayName: String = "아이유", statusMessage: String = "", subscribers: Int = 2) -> Profile
{
  Profile(
    id: 1, username: "iu_official", role: .artist, displayName: displayName, statusMessage: statusMessage,
    subscriberCount: subscribers, subscriptionCount: nil,
    createdAt: Date(timeIntervalSince1970: 1_700_000_000))
}
