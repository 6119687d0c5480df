import MessageDataModels
import MessageRoom
import Testing

struct RoomUnreadMarkTests {
  private let read = [
    message(1, "안녕", kind: .broadcast), message(2, "언니!"), message(3, "공연 끝", kind: .broadcast),
    message(4, "최고"),
  ]

  @Test func markUnread_twoUnread_marksTheSecondNewestMessageFromOthersSkippingTheReadersOwn() {
    var room = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast), feed: RoomFeed(messages: read))
    room.markUnread(2)
    #expect(room.firstUnreadId == 2)
  }

  @Test func markUnread_moreUnreadThanRead_orNone_leavesNoMark() {
    var room = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast), feed: RoomFeed(messages: read))
    room.markUnread(3)
    #expect(room.firstUnreadId == nil)
    room.markUnread(1)
    #expect(room.firstUnreadId == 4)
    room.markUnread(0)
    #expect(room.firstUnreadId == nil)
  }
}
