import ArtistDataModels
import CommonDataModels

extension ArtistSummary {
  static let iu = ArtistSummary(
    id: 1, username: "iu_official", displayName: "IU", statusMessage: "", subscriberCount: 2,
    isSubscribed: true, unreadCount: 2, lastBroadcastAt: nil)
  static let akmu = ArtistSummary(
    id: 3, username: "akmu", displayName: "AKMU", statusMessage: "", subscriberCount: 0,
    isSubscribed: false, unreadCount: 0, lastBroadcastAt: nil)
}
