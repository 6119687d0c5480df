import ArtistDataModels
import AuthDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import ProfileDataModels

extension Session {
  public static let minji = Session(
    token: "token", expiresAt: Date(timeIntervalSince1970: 1_900_000_000),
    account: Account(id: 5, username: "minji_fan", role: .fan, displayName: "Minji"))
}

extension ArtistSummary {
  public static func iu(unread: Int) -> ArtistSummary {
    ArtistSummary(
      id: 1, username: "iu_official", displayName: "IU", statusMessage: "", subscriberCount: 2,
      isSubscribed: true,
      unreadCount: unread, lastBroadcastAt: nil)
  }
}

extension Message {
  public static let hello = Message(
    id: 1, artistId: 1, senderId: 1, senderUsername: "iu_official", senderDisplayName: "IU", kind: .broadcast,
    text: "안녕하세요", sentAt: Date(timeIntervalSince1970: 1_800_000_000))
}

extension Profile {
  public static let minji = Profile(
    id: 5, username: "minji_fan", role: .fan, displayName: "Minji", statusMessage: "", subscriberCount: nil,
    subscriptionCount: 1, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
}
