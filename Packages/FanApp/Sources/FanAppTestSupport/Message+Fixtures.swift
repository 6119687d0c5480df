import CommonDataModels
import Foundation
import MessageDataModels

extension Message {
  public static func broadcast(_ id: MessageID, _ text: String) -> Message {
    Message(
      id: id, artistId: 1, senderId: 1, senderUsername: "iu_official", senderDisplayName: "IU",
      kind: .broadcast,
      text: text, sentAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(id.rawValue)))
  }

  public static func reply(_ id: MessageID, _ text: String) -> Message {
    Message(
      id: id, artistId: 1, senderId: 5, senderUsername: "minji_fan", senderDisplayName: "Minji", kind: .reply,
      text: text, sentAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(id.rawValue)))
  }
}
