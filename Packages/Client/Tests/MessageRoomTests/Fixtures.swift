import CommonDataModels
import Foundation
import MessageDataModels

/// The artist `iu_official`, whose room the tests use.
let artistID: AccountID = 1

/// A message in the test room, `minute` minutes after 2026-11-18 11:06:40 UTC; `kind` decides who
/// sent it: the artist for a broadcast, the fan `minji_fan` otherwise.
func message(_ id: MessageID, _ text: String, kind: MessageKind = .reply, minute: Int = 0) -> Message {
  let isBroadcast = kind == .broadcast
  return Message(
    id: id, artistId: artistID, senderId: isBroadcast ? artistID : 7,
    senderUsername: isBroadcast ? "iu_official" : "minji_fan", senderDisplayName: isBroadcast ? "아이유" : "민지",
    kind: kind, text: text, sentAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(minute) * 60))
}
