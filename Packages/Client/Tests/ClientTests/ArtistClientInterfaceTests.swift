import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitectureTesting
import Dependencies
import Testing

@Suite struct ArtistClientInterfaceTests {
  @Test func testValue_artists_reportsTheEndpointAndThrows() async {
    let issues = IssueCollector()
    _ = await withIssueReporter(issues) {
      await #expect(throws: UnimplementedFailure(endpoint: "ArtistClient.artists")) {
        try await ArtistClient.testValue.artists()
      }
    }
    #expect(issues.messages == ["Unimplemented: 'ArtistClient.artists'"])
  }

  @Test func preview_subscribe_changesTheListAndIsIdempotent() async throws {
    let client = ArtistClient.preview()
    try await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      let before = try #require(try await client.artists().first { $0.username == "taeyeon" })
      #expect(!before.isSubscribed)
      let status = try await client.subscribe(before.id)
      #expect(status == SubscriptionStatus(artistId: before.id, isSubscribed: true, subscriberCount: 1_521))
      #expect(try await client.subscribe(before.id) == status)
      let after = try #require(try await client.artists().first { $0.id == before.id })
      #expect(after.isSubscribed)
      let unsubscribed = try await client.unsubscribe(before.id)
      #expect(unsubscribed.subscriberCount == 1_520)
    }
  }

  @Test func preview_subscribeUnknownArtist_isRejectedAsNotFound() async {
    let client = ArtistClient.preview()
    await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      await #expect(throws: APIError.rejected(code: "not_found", message: "There is no artist with id 99.")) {
        try await client.subscribe(99)
      }
    }
  }
}
