import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitectureTesting
import Dependencies
import Testing

@Suite struct ArtistActivityInterfaceTests {
  @Test func testValue_followActivity_reportsTheEndpointAndFinishes() async throws {
    let issues = IssueCollector()
    let updates = try await withIssueReporter(issues) {
      var updates = 0
      for try await _ in ArtistClient.testValue.followActivity() { updates += 1 }
      return updates
    }
    #expect(updates == 0)
    #expect(issues.messages == ["Unimplemented: 'ArtistClient.followActivity'"])
  }

  @Test func preview_followActivity_loadsTheSubscribedRoomsWithUnreadBroadcasts() async throws {
    let client = ArtistClient.preview(latency: .zero)
    var iterator = client.followActivity().makeAsyncIterator()
    // The preview fan subscribes to IU only, with 3 unread.
    #expect(
      try await iterator.next()
        == .loaded([RoomActivity(artistId: 1, newestMessageId: 3, newMessageCount: 3, unreadCount: 3)]))
  }
}
