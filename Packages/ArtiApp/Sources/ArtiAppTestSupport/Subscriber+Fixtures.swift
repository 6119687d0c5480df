import ArtistDataModels
import CommonDataModels
import Foundation
import MessageDataModels

public let minji = Subscriber(
  id: 7, username: "minji_fan", displayName: "민지", subscribedAt: Date(timeIntervalSince1970: 1_794_000_000))
public let demoFan = Subscriber(
  id: 8, username: "demo_fan", displayName: "Demo Fan",
  subscribedAt: Date(timeIntervalSince1970: 1_794_500_000))

/// A reply from `fan` in the test room, `id` minutes after 2026-11-18 11:06:40 UTC.
public func reply(_ id: MessageID, _ text: String, from fan: Subscriber) -> Message {
  Message(
    id: id, artistId: artistID, senderId: fan.id, senderUsername: fan.username,
    senderDisplayName: fan.displayName, kind: .reply, text: text,
    sentAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(id.rawValue) * 60))
}

/// A broadcast of the test artist.
public func broadcast(_ id: MessageID, _ text: String) -> Message {
  Message(
    id: id, artistId: artistID, senderId: artistID, senderUsername: "iu_official", senderDisplayName: "아이유",
    kind: .broadcast, text: text,
    sentAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(id.rawValue) * 60))
}
