import ArtistDataModels
import CommonDataModels

extension ArtistSummary {
  public static let iu = ArtistSummary(
    id: 1, username: "iu_official", displayName: "IU", statusMessage: "", subscriberCount: 2,
    isSubscribed: true, unreadCount: 2, lastBroadcastAt: nil)
  public static let akmu = ArtistSummary(
    id: 3, username: "akmu", displayName: "AKMU", statusMessage: "", subscriberCount: 0,
    isSubscribed: false, unreadCount: 0, lastBroadcastAt: nil)
}
