import ArtistClient
import ArtistDataModels
import CommonDataModels
import DevServerHTTP
import Foundation
import MessageClient
import NetworkProvider
import Testing

/// `followActivity` against the real backend, in-process and over HTTP on loopback: a fan
/// learns of a broadcast in any room of theirs, and never of another fan's reply.
@Suite struct ActivityContractTests {
  @Test(arguments: [false, true])
  func followActivity_broadcastInAnotherRoom_arrivesAsThatRoomsChange(http: Bool) async throws {
    let backend = try Backend()
    defer { backend.remove() }
    var server: HTTPServer?
    defer { server?.shutdown(gracePeriod: .seconds(1)) }
    let fan: App
    if http {
      let served = try HTTPContractTests().serve(backend)
      server = served.0
      fan = served.1
    } else {
      fan = backend.app("fan")
    }
    let other = backend.app("other")
    let artist = backend.app("artist")
    _ = try await fan.auth.signIn("demo_fan", demoPassword)
    _ = try await other.auth.signIn("minji_fan", demoPassword)
    let taeyeon = try await artist.auth.signIn("taeyeon", demoPassword).account.id
    let artists = try await fan.artists.artists()
    let iu = try #require(artists.first { $0.username == "iu_official" }).id

    var updates = fan.artists.followActivity().makeAsyncIterator()
    guard case .loaded(let rooms) = try await updates.next() else {
      Issue.record("the first update is not .loaded")
      return
    }
    // The first answer carries the same unread counts as the artist list.
    for room in rooms {
      #expect(room.unreadCount == artists.first { $0.id == room.artistId }?.unreadCount)
    }
    // Another fan's private reply is no news for this fan; the broadcast after it is.
    _ = try await other.messages.send(iu, "only for IU", UUID())
    let broadcast = try await artist.messages.send(taeyeon, "Surprise live at 9!", UUID())
    let before = rooms.first { $0.artistId == taeyeon }?.unreadCount ?? 0
    #expect(
      try await updates.next()
        == .changed([
          RoomActivity(
            artistId: taeyeon, newestMessageId: broadcast.id, newMessageCount: 1, unreadCount: before + 1,
            artistDisplayName: "TAEYEON", newestMessageAt: broadcast.sentAt)
        ]))
  }
}
