import AuthDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import ProfileDataModels

/// The artist's profile.
public let artistProfile = Profile(
  id: 1, username: "iu_official", role: .artist, displayName: "아이유", statusMessage: "",
  subscriberCount: 2, subscriptionCount: nil, createdAt: Date(timeIntervalSince1970: 1_700_000_000))

/// An empty room's only page.
public let emptyPage = MessagePage(messages: [], cursor: nil, hasMore: false)
