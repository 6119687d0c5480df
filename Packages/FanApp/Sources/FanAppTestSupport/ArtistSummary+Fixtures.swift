import ArtistDataModels
import CommonDataModels

extension ArtistSummary {
  /// IU, to whom the fan subscribes, with two unread messages.
  public static let iu = iu(unread: 2)

  /// IU, to whom the fan subscribes, with `unread` unread messages.
  public static func iu(unread: Int) -> ArtistSummary {
    ArtistSummary(
      id: 1, username: "iu_official", displayName: "IU", statusMessage: "", subscriberCount: 2,
      isSubscribed: true, unreadCount: unread, lastBroadcastAt: nil)
  }

  /// AKMU, to whom the fan does not subscribe.
  public static let akmu = ArtistSummary(
    id: 3, username: "akmu", displayName: "AKMU", statusMessage: "", subscriberCount: 0,
    isSubscribed: false, unreadCount: 0, lastBroadcastAt: nil)
}
