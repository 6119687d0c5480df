import ArtistClient
import ArtistClientLive
import ArtistDataModels
import CommonDataModels
import Foundation
import NetworkProvider
import Testing

let artistListJSON = """
  {"artists":[{"displayName":"IU","id":1,"isSubscribed":true,"lastBroadcastAt":"2026-11-20T10:00:00Z",\
  "statusMessage":"","subscriberCount":2,"unreadCount":2,"username":"iu_official"}]}
  """

@Suite struct ArtistClientLiveTests {
  @Test func artists_getsTheListWithTheBearer() async throws {
    let harness = Harness([json(200, artistListJSON)])
    defer { harness.remove() }
    let artists = try await ArtistClient.live(harness.api).artists()
    #expect(artists.map(\.username) == ["iu_official"])
    #expect(artists.first?.lastBroadcastAt != nil)
    #expect(harness.transport.requests == [WireRequest(method: "GET", path: "/v1/artists", headers: bearer)])
  }

  @Test func artists_secondCall_isCachedUntilASubscriptionChanges() async throws {
    let status = #"{"artistId":1,"isSubscribed":false,"subscriberCount":1}"#
    let harness = Harness([json(200, artistListJSON), json(200, status), json(200, artistListJSON)])
    defer { harness.remove() }
    let client = ArtistClient.live(harness.api)
    _ = try await client.artists()
    _ = try await client.artists()
    #expect(harness.transport.requests.count == 1)
    #expect(
      try await client.unsubscribe(1)
        == SubscriptionStatus(artistId: 1, isSubscribed: false, subscriberCount: 1))
    _ = try await client.artists()
    #expect(harness.transport.requests.map(\.method) == ["GET", "DELETE", "GET"])
  }

  @Test func subscribe_putsWithoutBody() async throws {
    let harness = Harness([json(200, #"{"artistId":2,"isSubscribed":true,"subscriberCount":3}"#)])
    defer { harness.remove() }
    let status = try await ArtistClient.live(harness.api).subscribe(2)
    #expect(status.isSubscribed && status.subscriberCount == 3)
    #expect(
      harness.transport.requests == [
        WireRequest(method: "PUT", path: "/v1/artists/2/subscription", headers: bearer)
      ])
  }

  @Test func subscribe_asAnArtist_throwsRejectedForbidden() async throws {
    let harness = Harness([json(403, #"{"code":"forbidden","message":"Only fans can subscribe."}"#)])
    defer { harness.remove() }
    await #expect(throws: APIError.rejected(code: "forbidden", message: "Only fans can subscribe.")) {
      try await ArtistClient.live(harness.api).subscribe(2)
    }
  }

  @Test func subscribers_getsTheArtistsSubscribers() async throws {
    let body =
      #"{"subscribers":[{"displayName":"민지","id":5,"subscribedAt":"2026-11-20T10:00:00Z","username":"minji_fan"}]}"#
    let harness = Harness([json(200, body)])
    defer { harness.remove() }
    let subscribers = try await ArtistClient.live(harness.api).subscribers(1)
    #expect(subscribers.map(\.username) == ["minji_fan"])
    #expect(
      harness.transport.requests == [
        WireRequest(method: "GET", path: "/v1/artists/1/subscribers", headers: bearer)
      ])
  }
}
