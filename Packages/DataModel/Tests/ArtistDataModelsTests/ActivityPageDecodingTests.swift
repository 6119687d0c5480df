import ArtistDataModels
import CommonDataModels
import Foundation
import Testing

@Suite struct ActivityPageDecodingTests {
  @Test func activityPage_validFixture_decodesRoomAndCursor() throws {
    let page = try WireJSON.decode(ActivityPage.self, from: fixture("activity-page"))
    #expect(
      page
        == ActivityPage(
          rooms: [RoomActivity(artistId: 1, newestMessageId: 42, newMessageCount: 2, unreadCount: 3)],
          cursor: 42))
  }

  @Test func activityPage_roomWithoutUnreadCount_namesIndexedField() throws {
    let data = try fixture("activity-page-missing-count")
    let error = #expect(throws: WireDecodingError.self) { try WireJSON.decode(ActivityPage.self, from: data) }
    #expect(error?.fieldPath == "rooms[0].unreadCount")
  }

  @Test func activityPage_roundTrips_throughWireJSON() throws {
    let page = ActivityPage(
      rooms: [RoomActivity(artistId: 2, newestMessageId: 9, newMessageCount: 1, unreadCount: 0)], cursor: 9)
    #expect(try WireJSON.decode(ActivityPage.self, from: WireJSON.encode(page)) == page)
  }
}
