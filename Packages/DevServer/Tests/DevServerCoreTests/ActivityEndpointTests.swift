import ArtistDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@testable import DevServerCore

@Suite struct ActivityEndpointTests {
  @Test func activity_withoutCursor_listsEverySubscribedRoomWithItsUnreadCount() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let page = try backend.send("GET", APIPaths.activity, token: fan.token).decoded(ActivityPage.self)
    let iu = try backend.accountID("iu_official")
    let taeyeon = try backend.accountID("taeyeon")
    // The demo data: demo_fan subscribes to IU (2 unread) and TAEYEON (1 unread), not to AKMU.
    #expect(page.rooms.map(\.artistId) == [iu, taeyeon].sorted())
    #expect(page.rooms.first { $0.artistId == iu }?.unreadCount == 2)
    #expect(page.rooms.first { $0.artistId == taeyeon }?.unreadCount == 1)
    #expect(page.cursor == page.rooms.map(\.newestMessageId).max())
  }

  @Test func activity_afterItsCursor_withNothingNew_answersNoRoomsAndTheSameCursor() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let cursor = try backend.send("GET", APIPaths.activity, token: fan.token).decoded(ActivityPage.self)
      .cursor
    let page = try backend.send(
      "GET", APIPaths.activity, query: ["after": String(cursor?.rawValue ?? 0)], token: fan.token
    ).decoded(ActivityPage.self)
    #expect(page == ActivityPage(rooms: [], cursor: cursor))
  }

  @Test func activity_afterABroadcast_listsOnlyThatRoomWithItsCountsArtistsNameAndWhenItWasSent() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let artist = try backend.signIn("taeyeon")
    let cursor = try backend.send("GET", APIPaths.activity, token: fan.token).decoded(ActivityPage.self)
      .cursor
    let sent = try backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token,
      body: SendMessageRequest(text: "New song!")
    ).decoded(Message.self)
    let page = try backend.send(
      "GET", APIPaths.activity, query: ["after": String(cursor?.rawValue ?? 0)], token: fan.token
    ).decoded(ActivityPage.self)
    #expect(
      page
        == ActivityPage(
          rooms: [
            RoomActivity(
              artistId: artist.account.id, newestMessageId: sent.id, newMessageCount: 1, unreadCount: 2,
              artistDisplayName: "TAEYEON", newestMessageAt: sent.sentAt)
          ], cursor: sent.id))
  }

  @Test func activity_forAFan_neverShowsAnotherFansReplyOrAnUnsubscribedRoom() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let other = try backend.signIn("minji_fan")
    let akmu = try backend.signIn("akmu")
    let iu = try backend.accountID("iu_official")
    let cursor = try backend.send("GET", APIPaths.activity, token: fan.token).decoded(ActivityPage.self)
      .cursor
    // minji_fan's private reply in a room both fans share, and a broadcast demo_fan does not follow.
    #expect(
      try backend.send(
        "POST", APIPaths.messages(artistID: iu), token: other.token, body: SendMessageRequest(text: "secret")
      ).status == 201)
    #expect(
      try backend.send(
        "POST", APIPaths.messages(artistID: akmu.account.id), token: akmu.token,
        body: SendMessageRequest(text: "hello")
      ).status == 201)
    let page = backend.send(
      "GET", APIPaths.activity, query: ["after": String(cursor?.rawValue ?? 0)], token: fan.token)
    #expect(try page.decoded(ActivityPage.self) == ActivityPage(rooms: [], cursor: cursor))
    #expect(!page.text.contains("secret"))
  }

  @Test func activity_forAnArtist_listsRepliesInTheirOwnRoomOnly() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("taeyeon")
    let fan = try backend.signIn("demo_fan")
    let iu = try backend.accountID("iu_official")
    let cursor = try backend.send("GET", APIPaths.activity, token: artist.token).decoded(ActivityPage.self)
      .cursor
    _ = try backend.send(
      "POST", APIPaths.messages(artistID: iu), token: fan.token, body: SendMessageRequest(text: "to IU"))
    _ = try backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token,
      body: SendMessageRequest(text: "my own broadcast"))
    let quiet = try backend.send(
      "GET", APIPaths.activity, query: ["after": String(cursor?.rawValue ?? 0)], token: artist.token
    ).decoded(ActivityPage.self)
    #expect(quiet.rooms.isEmpty)
    let reply = try backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: fan.token,
      body: SendMessageRequest(text: "to TAEYEON")
    ).decoded(Message.self)
    let page = try backend.send(
      "GET", APIPaths.activity, query: ["after": String(cursor?.rawValue ?? 0)], token: artist.token
    ).decoded(ActivityPage.self)
    #expect(
      page.rooms == [
        RoomActivity(
          artistId: artist.account.id, newestMessageId: reply.id, newMessageCount: 1, unreadCount: 0,
          artistDisplayName: "TAEYEON", newestMessageAt: reply.sentAt)
      ])
  }

  @Test func activity_withoutASession_returns401() throws {
    let backend = try TestBackend()
    #expect(backend.send("GET", APIPaths.activity).status == 401)
  }

  @Test(arguments: [["after": "-1"], ["after": "x"], ["wait": "31"], ["wait": "soon"]])
  func activity_parameterOutOfRange_returns400(query: [String: String]) throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let response = backend.send("GET", APIPaths.activity, query: query, token: fan.token)
    #expect(response.status == 400)
    #expect(response.error?.code == APIErrorCode.invalidParameter.rawValue)
  }

  @Test func wait_aBroadcastArrivesWhileHeld_answersWithItsRoomBeforeTheWaitEnds() async throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let artist = try backend.signIn("iu_official")
    let cursor = try backend.send("GET", APIPaths.activity, token: fan.token).decoded(ActivityPage.self)
      .cursor
    async let held = hold(backend, after: cursor, wait: 30, token: fan.token)
    // Posted once the poll is held, waiting without suspending: a suspended test resumes only
    // when a test thread is free, which a busy machine can delay past the poll's wait. A post
    // that came first would be answered at once, with the same page.
    let heldBy = ContinuousClock.now + .seconds(10)
    while backend.backend.core.heldPolls.count == 0 && ContinuousClock.now < heldBy { usleep(1_000) }
    let sent = try backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token,
      body: SendMessageRequest(text: "Now!")
    ).decoded(Message.self)
    let page = try await held.decoded(ActivityPage.self)
    #expect(page.rooms.map(\.artistId) == [artist.account.id])
    // An answer at the end of the wait would list no room.
    #expect(page.cursor == sent.id)
  }

  @Test func wait_anotherFansReplyArrives_keepsHoldingUntilTheWaitEnds() async throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let other = try backend.signIn("minji_fan")
    let iu = try backend.accountID("iu_official")
    let cursor = try backend.send("GET", APIPaths.activity, token: fan.token).decoded(ActivityPage.self)
      .cursor
    let started = ContinuousClock.now
    async let held = hold(backend, after: cursor, wait: 1, token: fan.token)
    try await Task.sleep(for: .milliseconds(200))
    _ = try backend.send(
      "POST", APIPaths.messages(artistID: iu), token: other.token,
      body: SendMessageRequest(text: "only for IU"))
    let page = try await held.decoded(ActivityPage.self)
    #expect(page == ActivityPage(rooms: [], cursor: cursor))
    #expect(ContinuousClock.now - started >= .seconds(1))
  }

  /// A long poll through the backend's async handler, held on a dispatch thread.
  private func hold(_ backend: TestBackend, after: MessageID?, wait: Int, token: String) async -> WireResponse
  {
    await backend.backend.handler(
      WireRequest(
        method: "GET", path: APIPaths.activity,
        query: ["after": String(after?.rawValue ?? 0), "wait": String(wait)],
        headers: [APIHeaders.authorization: APIHeaders.bearer(token)]))
  }
}
