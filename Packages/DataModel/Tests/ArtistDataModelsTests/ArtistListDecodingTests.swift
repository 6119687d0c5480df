import ArtistDataModels
import CommonDataModels
import Foundation
import Testing

@Suite struct ArtistListDecodingTests {
  @Test func artistList_validFixture_decodesBothArtists() throws {
    let list = try WireJSON.decode(ArtistList.self, from: fixture("artist-list"))
    #expect(list.artists.map(\.username) == ["iu", "taeyeon"])
    #expect(list.artists[0].unreadCount == 3)
    #expect(list.artists[0].isSubscribed)
    #expect(list.artists[0].lastBroadcastAt != nil)
    #expect(list.artists[1].lastBroadcastAt == nil)
  }

  @Test func artistList_nullCount_namesIndexedField() throws {
    let data = try fixture("artist-list-null-count")
    #expect(
      throws: WireDecodingError(
        fieldPath: "artists[0].subscriberCount", problem: "expected an integer, found null")
    ) {
      try WireJSON.decode(ArtistList.self, from: data)
    }
  }

  @Test func artistList_objectInsteadOfArray_saysExpectedArray() throws {
    let data = try fixture("artist-list-not-array")
    #expect(throws: WireDecodingError(fieldPath: "artists", problem: "expected an array")) {
      try WireJSON.decode(ArtistList.self, from: data)
    }
  }

  @Test func subscription_validFixture_decodes() throws {
    #expect(
      try WireJSON.decode(SubscriptionStatus.self, from: fixture("subscription"))
        == SubscriptionStatus(artistId: 1, isSubscribed: true, subscriberCount: 3))
  }

  @Test func subscriberList_validFixture_decodesEarliestFirst() throws {
    let list = try WireJSON.decode(SubscriberList.self, from: fixture("subscriber-list"))
    #expect(list.subscribers.map(\.username) == ["demo_fan", "minji_fan"])
    #expect(list.subscribers[1].displayName == "민지")
    #expect(list.subscribers[0].subscribedAt == Date(timeIntervalSince1970: 1_795_000_000))
  }
}
