import CommonDataModels
import FanAppTestSupport
import FanRoom
import FanRoomView
import MessageDataModels
import Testing

@testable import FrommUI

/// The screen of a room holds each message's text once: its rows share the texts' storage with
/// the room, so the screen the run loop keeps between renders is not a second copy of the room.
@MainActor
struct RoomViewRowStorageTests {
  @Test func render_roomOfLongMessages_eachRowSharesItsMessagesTextStorage() {
    let long = String(repeating: "오늘 공연 최고였어요 ", count: 8)
    let messages = (1...50).map { id in
      id.isMultiple(of: 5)
        ? Message.reply(MessageID(rawValue: Int64(id)), "\(id) \(long)")
        : Message.broadcast(MessageID(rawValue: Int64(id)), "\(id) \(long)")
    }

    let screen = RoomView().render(.iuRoom(messages))

    let rows =
      screen.components.lazy.compactMap { component -> [ListItem]? in
        if case .log(let items, _) = component.kind { items } else { nil }
      }.first ?? []
    #expect(rows.count == messages.count)
    for (row, message) in zip(rows, messages) {
      let address = message.text.utf8.withContiguousStorageIfAvailable(\.baseAddress)
      #expect(address != nil)
      #expect(
        row.title.utf8.withContiguousStorageIfAvailable(\.baseAddress) == address,
        "the row of message \(message.id) holds a copy of its text, not the room's: \(row)")
      #expect(row.label == (message.kind == .reply ? "You" : "IU"))
    }
  }
}
