import CommonDataModels
import Foundation
import MessageDataModels

extension Message {
  /// IU's first broadcast in her room.
  public static let hello = Message(
    id: 1, artistId: 1, senderId: 1, senderUsername: "iu_official", senderDisplayName: "IU", kind: .broadcast,
    text: "안녕하세요", sentAt: Date(timeIntervalSince1970: 1_800_000_000))

  /// A broadcast of IU in her room, sent `id` seconds after 2027-01-15 08:00:00 UTC.
  public static func broadcast(_ id: MessageID, _ text: String) -> Message {
    Message(
      id: id, artistId: 1, senderId: 1, senderUsername: "iu_official", senderDisplayName: "IU",
      kind: .broadcast,
      text: text, sentAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(id.rawValue)))
  }

  /// A reply of the fan `minji_fan` in IU's room, sent `id` seconds after 2027-01-15 08:00:00 UTC.
  public static func reply(_ id: MessageID, _ text: String) -> Message {
    Message(
      id: id, artistId: 1, senderId: 5, senderUsername: "minji_fan", senderDisplayName: "Minji", kind: .reply,
      text: text, sentAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(id.rawValue)))
  }
}
