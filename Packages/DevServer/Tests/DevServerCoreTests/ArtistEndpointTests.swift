import ArtistDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@testable import DevServerCore

@Suite struct ArtistEndpointTests {
  @Test func artists_demoFan_seesSubscriptionsAndUnreadCounts() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let response = backend.send("GET", APIPaths.artists, token: fan.token)
    #expect(response.status == 200)
    let artists = try response.decoded(ArtistList.self).artists
    #expect(artists.map(\.username) == ["akmu", "iu_official", "taeyeon"])
    let iu = try #require(artists.first { $0.username == "iu_official" })
    #expect(iu.isSubscribed)
    #expect(iu.subscriberCount == 2)
    // The seed marks everything up to the fan's own reply read; two broadcasts came after it.
    #expect(iu.unreadCount == 2)
    #expect(iu.lastBroadcastAt != nil)
    let akmu = try #require(artists.first { $0.username == "akmu" })
    #expect(!akmu.isSubscribed)
    #expect(akmu.unreadCount == 0)
  }

  @Test func artists_artistCaller_seesNoSubscriptions() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let artists = try backend.send("GET", APIPaths.artists, token: artist.token).decoded(ArtistList.self)
      .artists
    #expect(artists.count == 3)
    #expect(artists.allSatisfy { !$0.isSubscribed && $0.unreadCount == 0 })
  }

  @Test func artists_withoutToken_returns401() throws {
    let backend = try TestBackend()
    #expect(backend.send("GET", APIPaths.artists).status == 401)
  }

  @Test func artist_byID_returnsSummary() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let iuID = try backend.accountID("iu_official")
    let response = backend.send("GET", APIPaths.artist(artistID: iuID), token: fan.token)
    #expect(response.status == 200)
    #expect(try response.decoded(ArtistSummary.self).displayName == "IU")
  }

  @Test func artist_unknownOrFanID_returns404() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    #expect(backend.send("GET", APIPaths.artist(artistID: 999), token: fan.token).status == 404)
    #expect(backend.send("GET", APIPaths.artist(artistID: fan.account.id), token: fan.token).status == 404)
  }

  @Test(arguments: ["abc", "0", "-1", "99999999999999999999"])
  func artist_invalidID_returns400(id: String) throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let response = backend.send("GET", "/v1/artists/\(id)", token: fan.token)
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_parameter")
    #expect(response.error?.message.hasPrefix("path 'artistId'") == true)
  }

  @Test func subscribe_fan_subscribesIdempotently() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let akmu = try backend.accountID("akmu")
    let first = backend.send("PUT", APIPaths.subscription(artistID: akmu), token: fan.token)
    #expect(first.status == 200)
    #expect(
      try first.decoded(SubscriptionStatus.self)
        == SubscriptionStatus(artistId: akmu, isSubscribed: true, subscriberCount: 1))
    let second = backend.send("PUT", APIPaths.subscription(artistID: akmu), token: fan.token)
    #expect(try second.decoded(SubscriptionStatus.self).subscriberCount == 1)
    #expect(backend.send("GET", APIPaths.messages(artistID: akmu), token: fan.token).status == 200)
  }

  @Test func unsubscribe_fan_losesAccessToTheRoom() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let iu = try backend.accountID("iu_official")
    let response = backend.send("DELETE", APIPaths.subscription(artistID: iu), token: fan.token)
    #expect(response.status == 200)
    #expect(
      try response.decoded(SubscriptionStatus.self)
        == SubscriptionStatus(artistId: iu, isSubscribed: false, subscriberCount: 1))
    #expect(backend.send("GET", APIPaths.messages(artistID: iu), token: fan.token).status == 403)
    #expect(backend.send("DELETE", APIPaths.subscription(artistID: iu), token: fan.token).status == 200)
  }

  @Test func resubscribe_afterReadingTheRoom_keepsItRead() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let iu = try backend.accountID("iu_official")
    _ = backend.send("GET", APIPaths.messages(artistID: iu), token: fan.token)
    #expect(try unread(backend, fan.token, artist: iu) == 0)
    #expect(backend.send("DELETE", APIPaths.subscription(artistID: iu), token: fan.token).status == 200)
    #expect(backend.send("PUT", APIPaths.subscription(artistID: iu), token: fan.token).status == 200)
    #expect(try unread(backend, fan.token, artist: iu) == 0)
  }

  @Test func resubscribe_broadcastWhileAway_countsOnlyThatAsUnread() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let artist = try backend.signIn("iu_official")
    let iu = artist.account.id
    _ = backend.send("GET", APIPaths.messages(artistID: iu), token: fan.token)
    _ = backend.send("DELETE", APIPaths.subscription(artistID: iu), token: fan.token)
    _ = try backend.send(
      "POST", APIPaths.messages(artistID: iu), token: artist.token,
      body: SendMessageRequest(text: "Missed me?"))
    _ = backend.send("PUT", APIPaths.subscription(artistID: iu), token: fan.token)
    #expect(try unread(backend, fan.token, artist: iu) == 1)
  }

  @Test func subscribe_firstTime_countsEveryBroadcastUnread() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("minji_fan")
    let taeyeon = try backend.accountID("taeyeon")
    _ = backend.send("PUT", APIPaths.subscription(artistID: taeyeon), token: fan.token)
    #expect(try unread(backend, fan.token, artist: taeyeon) == 2)
  }

  private func unread(_ backend: TestBackend, _ token: String, artist: AccountID) throws -> Int {
    try backend.send("GET", APIPaths.artist(artistID: artist), token: token).decoded(ArtistSummary.self)
      .unreadCount
  }

  @Test func subscribe_asArtist_returns403() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let taeyeon = try backend.accountID("taeyeon")
    let response = backend.send("PUT", APIPaths.subscription(artistID: taeyeon), token: artist.token)
    #expect(response.status == 403)
    #expect(response.error?.code == "forbidden")
  }

  @Test func subscribe_unknownArtist_returns404() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    #expect(backend.send("PUT", APIPaths.subscription(artistID: 4_242), token: fan.token).status == 404)
  }

  @Test func subscribe_withoutToken_returns401() throws {
    let backend = try TestBackend()
    #expect(backend.send("PUT", APIPaths.subscription(artistID: 1)).status == 401)
  }
}
