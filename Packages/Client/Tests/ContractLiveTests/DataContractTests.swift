import ArtistDataModels
import CommonDataModels
import Foundation
import MessageClient
import MessageClientLive
import MessageDataModels
import NetworkProvider
import ProfileDataModels
import Testing

@Suite struct DataContractTests {
  @Test func artists_withoutSession_isUnauthorized() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    await #expect {
      try await backend.app("fan").artists.artists()
    } throws: { error in
      if case .unauthorized = error as? APIError { true } else { false }
    }
  }

  @Test func artists_subscribeAndUnsubscribe_showInTheListAtOnce() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let fan = backend.app("fan")
    _ = try await fan.auth.signIn("demo_fan", demoPassword)
    let list = try await fan.artists.artists()
    #expect(Set(list.map(\.username)) == ["iu_official", "taeyeon", "akmu"])
    let akmu = try #require(list.first { $0.username == "akmu" })
    #expect(!akmu.isSubscribed)
    let status = try await fan.artists.subscribe(akmu.id)
    #expect(status.isSubscribed && status.subscriberCount == akmu.subscriberCount + 1)
    #expect(try await fan.artists.artists().first { $0.id == akmu.id }?.isSubscribed == true)
    #expect(try await fan.artists.subscribe(akmu.id) == status)
    let after = try await fan.artists.unsubscribe(akmu.id)
    #expect(!after.isSubscribed)
    #expect(try await fan.artists.artists().first { $0.id == akmu.id }?.isSubscribed == false)
  }

  @Test func subscribe_asAnArtist_isRejectedForbidden() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let artist = backend.app("arti")
    let session = try await artist.auth.signIn("akmu", demoPassword)
    do {
      _ = try await artist.artists.subscribe(AccountID(session.account.id.rawValue - 1))
      Issue.record("an artist subscribed")
    } catch let APIError.rejected(code, _) {
      #expect(code == "forbidden")
    }
  }

  @Test func subscribers_theArtistSeesTheirOwn_aFanIsForbidden() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let artist = backend.app("arti")
    let session = try await artist.auth.signIn("iu_official", demoPassword)
    let subscribers = try await artist.artists.subscribers(session.account.id)
    #expect(Set(subscribers.map(\.username)) == ["demo_fan", "minji_fan"])
    let fan = backend.app("fan")
    _ = try await fan.auth.signIn("demo_fan", demoPassword)
    do {
      _ = try await fan.artists.subscribers(session.account.id)
      Issue.record("a fan read an artist's subscribers")
    } catch let APIError.rejected(code, _) {
      #expect(code == "forbidden")
    }
  }

  @Test func messages_fanReadsRepliesAndReceivesANewBroadcastThroughUpdates() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let fan = backend.app("fan")
    let artist = backend.app("arti")
    _ = try await fan.auth.signIn("demo_fan", demoPassword)
    let iu = try await artist.auth.signIn("iu_official", demoPassword).account.id
    let page = try await fan.messages.messages(iu, nil)
    #expect(page.messages.filter { $0.kind == .broadcast }.count == 3)
    #expect(page.messages.filter { $0.kind == .reply }.allSatisfy { $0.senderUsername == "demo_fan" })
    #expect(try await fan.artists.artists().first { $0.id == iu }?.unreadCount == 0)

    let reply = try await fan.messages.send(iu, "See you at the concert!", UUID())
    #expect(reply.kind == .reply)
    let updates = Task {
      var received: [Message] = []
      for try await update in fan.messages.followRoom(iu, reply.id) {
        // The broadcast may be sent before the room is read or after: either way it arrives once.
        switch update {
        case .loaded(let batch, _), .messages(let batch): received += batch
        case .interrupted, .resumed, .deleted: continue
        }
        if received.contains(where: { $0.kind == .broadcast }) { break }
      }
      return received
    }
    let broadcast = try await artist.messages.send(iu, "Thank you all!", UUID())
    #expect(broadcast.kind == .broadcast)
    let received = try await updates.value
    #expect(received == [broadcast])
    // The artist sees the fan's private reply in their room.
    #expect(try await artist.messages.messages(iu, page.cursor).messages.contains(reply))
  }

  @Test func olderMessages_pagesBackFromTheNewestToTheFirstMessage() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let artist = backend.app("arti")
    let iu = try await artist.auth.signIn("iu_official", demoPassword).account.id
    for index in 1...150 { _ = try await artist.messages.send(iu, "broadcast \(index)", UUID()) }
    let everything = try await allAfterCursor(artist.messages, iu)
    var read: [Message] = []
    var before: MessageID?
    var pages = 0
    while true {
      let page = try await artist.messages.olderMessages(iu, before)
      read = page.messages + read
      before = page.messages.first?.id
      pages += 1
      guard page.hasOlder, pages < 10 else { break }
    }
    #expect(read == everything)
    #expect(pages == 2)
  }

  @Test func followRoom_withoutCursor_loadsTheNewestPageThenANewMessage() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let artist = backend.app("arti")
    let iu = try await artist.auth.signIn("iu_official", demoPassword).account.id
    for index in 1...120 { _ = try await artist.messages.send(iu, "broadcast \(index)", UUID()) }
    let everything = try await allAfterCursor(artist.messages, iu)
    var updates = artist.messages.followRoom(iu, nil).makeAsyncIterator()
    #expect(
      try await updates.next() == .loaded(Array(everything.suffix(MessageClient.pageSize)), hasOlder: true))
    let sent = try await artist.messages.send(iu, "one more", UUID())
    #expect(try await updates.next() == .messages([sent]))
  }

  @Test func deleteMessage_dropsItFromTheFansFollowedRoom_andOnlyItsAuthorMayDeleteIt() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let fan = backend.app("fan")
    let artist = backend.app("arti")
    _ = try await fan.auth.signIn("demo_fan", demoPassword)
    let iu = try await artist.auth.signIn("iu_official", demoPassword).account.id
    let mistake = try await artist.messages.send(iu, "Wrong date, sorry", UUID())
    var updates = fan.messages.followRoom(iu, nil).makeAsyncIterator()
    guard case .loaded(let room, _) = try await updates.next() else {
      Issue.record("following did not start with the room as read")
      return
    }
    #expect(room.last == mistake)
    await #expect(throws: APIError.self) { try await fan.messages.deleteMessage(iu, mistake.id) }
    try await artist.messages.deleteMessage(iu, mistake.id)
    #expect(try await updates.next() == .deleted([mistake.id]))
    // Deleting it again is done already; the room as read anew does not show it.
    try await artist.messages.deleteMessage(iu, mistake.id)
    #expect(try await fan.messages.olderMessages(iu, nil).messages.contains(mistake) == false)
  }

  @Test func search_findsTheRoomsMatchesPagedBack() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let artist = backend.app("arti")
    let iu = try await artist.auth.signIn("iu_official", demoPassword).account.id
    for index in 1...3 { _ = try await artist.messages.send(iu, "Encore song \(index)", UUID()) }
    let page = try await artist.messages.search(iu, "ENCORE SONG", nil)
    #expect(page.messages.map(\.text) == ["Encore song 1", "Encore song 2", "Encore song 3"])
    let older = try await artist.messages.search(iu, "encore song", page.messages.last?.id)
    #expect(older.messages.map(\.text) == ["Encore song 1", "Encore song 2"])
  }

  private func allAfterCursor(_ client: MessageClient, _ artist: AccountID) async throws -> [Message] {
    var all: [Message] = []
    var cursor: MessageID?
    while true {
      let page = try await client.messages(artist, cursor)
      all += page.messages
      cursor = page.cursor
      if !page.hasMore { return all }
    }
  }

  @Test func messages_roomOfAnUnsubscribedArtist_isForbidden() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let fan = backend.app("fan")
    _ = try await fan.auth.signIn("minji_fan", demoPassword)
    let akmu = try #require(try await fan.artists.artists().first { $0.username == "akmu" })
    do {
      _ = try await fan.messages.messages(akmu.id, nil)
      Issue.record("read a room without subscribing")
    } catch let APIError.rejected(code, _) {
      #expect(code == "forbidden")
    }
    await #expect(throws: APIError.self) {
      for try await _ in fan.messages.followRoom(akmu.id, nil) {}
    }
  }

  @Test func sendBlank_isRejectedAsInvalidMessage() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let artist = backend.app("arti")
    let iu = try await artist.auth.signIn("iu_official", demoPassword).account.id
    do {
      _ = try await artist.messages.send(iu, "   ", UUID())
      Issue.record("sent a blank message")
    } catch let APIError.rejected(code, _) {
      #expect(code == "invalid_message")
    }
  }

  @Test func profile_updateIsSeenByTheNextRead() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let artist = backend.app("arti")
    _ = try await artist.auth.signIn("taeyeon", demoPassword)
    let before = try await artist.profile.profile()
    #expect(before.role == .artist && before.subscriberCount != nil && before.subscriptionCount == nil)
    let updated = try await artist.profile.update(UpdateProfileRequest(statusMessage: "Concert tonight"))
    #expect(updated.statusMessage == "Concert tonight" && updated.displayName == before.displayName)
    #expect(try await artist.profile.profile() == updated)
    do {
      _ = try await artist.profile.update(
        UpdateProfileRequest(displayName: String(repeating: "x", count: 31)))
      Issue.record("accepted a 31-character display name")
    } catch let APIError.rejected(code, _) {
      #expect(code == "invalid_profile")
    }
  }

  @Test func cache_neverShowsOneUsersProfileToTheNext() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let app = backend.app("fan")
    _ = try await app.auth.signIn("demo_fan", demoPassword)
    #expect(try await app.profile.profile().username == "demo_fan")
    try await app.auth.signOut()
    _ = try await app.auth.signIn("minji_fan", demoPassword)
    #expect(try await app.profile.profile().username == "minji_fan")
  }
}
