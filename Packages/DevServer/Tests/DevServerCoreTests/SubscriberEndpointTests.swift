import ArtistDataModels
import CommonDataModels
import Foundation
import Testing

@testable import DevServerCore

@Suite struct SubscriberEndpointTests {
  @Test func subscribers_theArtistThemself_seesEveryFanEarliestFirst() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let response = backend.send("GET", APIPaths.subscribers(artistID: artist.account.id), token: artist.token)
    #expect(response.status == 200)
    let subscribers = try response.decoded(SubscriberList.self).subscribers
    #expect(Set(subscribers.map(\.username)) == ["demo_fan", "minji_fan"])
    #expect(subscribers.map(\.subscribedAt) == subscribers.map(\.subscribedAt).sorted())
  }

  @Test func subscribers_followSubscribingAndUnsubscribing() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("akmu")
    let fan = try backend.signIn("demo_fan")
    let path = APIPaths.subscribers(artistID: artist.account.id)
    #expect(try backend.send("GET", path, token: artist.token).decoded(SubscriberList.self).subscribers == [])

    backend.advance(seconds: 60)
    #expect(
      backend.send("PUT", APIPaths.subscription(artistID: artist.account.id), token: fan.token).status == 200)
    let subscribers = try backend.send("GET", path, token: artist.token).decoded(SubscriberList.self)
      .subscribers
    #expect(subscribers.map(\.id) == [fan.account.id])
    #expect(subscribers.first?.displayName == fan.account.displayName)

    #expect(
      backend.send("DELETE", APIPaths.subscription(artistID: artist.account.id), token: fan.token).status
        == 200)
    #expect(try backend.send("GET", path, token: artist.token).decoded(SubscriberList.self).subscribers == [])
  }

  @Test func subscribers_aFanEvenASubscriber_isForbidden() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let iu = try backend.accountID("iu_official")
    let response = backend.send("GET", APIPaths.subscribers(artistID: iu), token: fan.token)
    #expect(response.status == 403)
    #expect(response.error?.code == "forbidden")
    #expect(response.error?.message == "Only iu_official can see who subscribes to iu_official.")
  }

  @Test func subscribers_anotherArtist_isForbidden() throws {
    let backend = try TestBackend()
    let taeyeon = try backend.signIn("taeyeon")
    let iu = try backend.accountID("iu_official")
    #expect(backend.send("GET", APIPaths.subscribers(artistID: iu), token: taeyeon.token).status == 403)
  }

  @Test func subscribers_withoutToken_returns401() throws {
    let backend = try TestBackend()
    let iu = try backend.accountID("iu_official")
    #expect(backend.send("GET", APIPaths.subscribers(artistID: iu)).status == 401)
  }

  @Test func subscribers_unknownArtistOrAFansID_returns404() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.accountID("demo_fan")
    #expect(backend.send("GET", APIPaths.subscribers(artistID: 999), token: artist.token).status == 404)
    #expect(backend.send("GET", APIPaths.subscribers(artistID: fan), token: artist.token).status == 404)
  }

  @Test func subscribers_invalidID_returns400() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let response = backend.send("GET", "/v1/artists/abc/subscribers", token: artist.token)
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_parameter")
  }
}
