import ArtistDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Synchronization
import Testing

@testable import DevServerCore

@Suite struct HistoryEndpointTests {
  @Test func history_withoutBefore_returnsTheNewestPageOldestFirst() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let all = try backend.send("GET", APIPaths.messages(artistID: artist.account.id), token: artist.token)
      .decoded(MessagePage.self).messages
    let page = try backend.send(
      "GET", APIPaths.history(artistID: artist.account.id), query: ["limit": "2"], token: artist.token
    ).decoded(HistoryPage.self)
    #expect(page.messages.map(\.id) == all.suffix(2).map(\.id))
    #expect(page.hasOlder)
  }

  @Test func history_pagingBackWithBefore_readsTheWholeRoomWithoutGapsOrRepeats() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let path = APIPaths.history(artistID: artist.account.id)
    let all = try backend.send("GET", APIPaths.messages(artistID: artist.account.id), token: artist.token)
      .decoded(MessagePage.self).messages
    var read: [Message] = []
    var before: MessageID?
    var requests = 0
    repeat {
      var query = ["limit": "2"]
      if let before { query["before"] = String(before.rawValue) }
      let page = try backend.send("GET", path, query: query, token: artist.token).decoded(HistoryPage.self)
      read = page.messages + read
      before = page.messages.first?.id
      requests += 1
      if !page.hasOlder { break }
    } while requests < 20
    #expect(read.map(\.id) == all.map(\.id))
    #expect(requests == (all.count + 1) / 2)
  }

  @Test func history_fan_seesBroadcastsAndOnlyOwnReplies() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let iu = try backend.accountID("iu_official")
    let page = try backend.send("GET", APIPaths.history(artistID: iu), token: fan.token).decoded(
      HistoryPage.self)
    #expect(page.messages.map(\.senderUsername) == ["iu_official", "demo_fan", "iu_official", "iu_official"])
    #expect(!page.hasOlder)
  }

  @Test func history_newestPage_marksTheFansBroadcastsRead() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let iu = try backend.accountID("iu_official")
    #expect(try unread(backend, fan.token, artist: iu) == 2)
    _ = backend.send("GET", APIPaths.history(artistID: iu), query: ["limit": "1"], token: fan.token)
    #expect(try unread(backend, fan.token, artist: iu) == 0)
  }

  @Test func history_isAuthorizedLikeTheRoom() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let artist = try backend.signIn("iu_official")
    let akmu = try backend.accountID("akmu")
    let taeyeon = try backend.accountID("taeyeon")
    #expect(backend.send("GET", APIPaths.history(artistID: akmu), token: fan.token).status == 403)
    #expect(backend.send("GET", APIPaths.history(artistID: taeyeon), token: artist.token).status == 403)
    #expect(backend.send("GET", APIPaths.history(artistID: 777), token: fan.token).status == 404)
    #expect(backend.send("GET", APIPaths.history(artistID: taeyeon)).status == 401)
  }

  @Test(arguments: [["before": "x"], ["before": "-3"], ["limit": "0"], ["limit": "201"]])
  func history_invalidQuery_returns400NamingTheParameter(query: [String: String]) throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let response = backend.send(
      "GET", APIPaths.history(artistID: artist.account.id), query: query, token: artist.token)
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_parameter")
    #expect(response.error?.message.hasPrefix("query '\(query.keys.first ?? "")'") == true)
  }

  private func unread(_ backend: TestBackend, _ token: String, artist: AccountID) throws -> Int {
    try backend.send("GET", APIPaths.artist(artistID: artist), token: token).decoded(Unread.self).unreadCount
  }

  private struct Unread: Decodable { var unreadCount: Int }
}

@Suite struct LongPollTests {
  /// How a long poll is held: parked among the held polls, answered later through the async
  /// handler (the apps' and `fromm-server`'s way), or on the calling thread (`handle`).
  enum Holding: CaseIterable {
    case answeredLater, onTheCallingThread
  }

  @Test(arguments: Holding.allCases)
  func wait_withNothingNew_answersAnEmptyPageAfterTheWait(holding: Holding) async throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let path = APIPaths.messages(artistID: artist.account.id)
    let cursor = try backend.send("GET", path, token: artist.token).decoded(MessagePage.self).cursor
    let started = ContinuousClock.now
    let page = try await hold(backend, holding, path, after: cursor, wait: 1, token: artist.token)
      .decoded(MessagePage.self)
    #expect(page.messages.isEmpty)
    #expect(page.cursor == cursor)
    #expect(ContinuousClock.now - started >= .seconds(1))
    #expect(backend.backend.core.heldPolls.count == 0)
  }

  @Test(arguments: Holding.allCases)
  func wait_aMessageArrivesWhileHeld_answersWithItBeforeTheWaitEnds(holding: Holding) async throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let path = APIPaths.messages(artistID: artist.account.id)
    let cursor = try backend.send("GET", path, token: fan.token).decoded(MessagePage.self).cursor
    // A poll of a quiet room whose wait ends a second before this one's: answered first if this
    // one is answered by the end of its wait rather than by the message.
    let taeyeon = try backend.signIn("taeyeon")
    let quietPath = APIPaths.messages(artistID: taeyeon.account.id)
    let quietCursor = try backend.send("GET", quietPath, token: fan.token).decoded(MessagePage.self).cursor
    let quietAnswered = Mutex(false)
    async let quiet: Void = {
      _ = await hold(backend, .answeredLater, quietPath, after: quietCursor, wait: 29, token: fan.token)
      quietAnswered.withLock { $0 = true }
    }()
    async let held = hold(backend, holding, path, after: cursor, wait: 30, token: fan.token)
    try await Task.sleep(for: .milliseconds(200))
    if holding == .answeredLater {
      // Other tests may hold the few threads that run tasks: wait until the poll is held.
      let heldBy = ContinuousClock.now + .seconds(10)
      while backend.backend.core.heldPolls.count < 2 && ContinuousClock.now < heldBy {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(backend.backend.core.heldPolls.count == 2)
    }
    let sent = try backend.send("POST", path, token: artist.token, body: SendMessageRequest(text: "Now!"))
      .decoded(Message.self)
    let page = try await held.decoded(MessagePage.self)
    #expect(page.messages.map(\.id) == [sent.id])
    // A poll whose wait ended would answer with the message too, but only at the end of it.
    #expect(!quietAnswered.withLock { $0 }, "the poll was answered by the end of its wait")
    _ = try backend.send("POST", quietPath, token: taeyeon.token, body: SendMessageRequest(text: "Done"))
    await quiet
  }

  @Test(arguments: Holding.allCases)
  func wait_anotherFansReplyArrives_keepsHoldingTheFansRequest(holding: Holding) async throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let other = try backend.signIn("minji_fan")
    let iu = try backend.accountID("iu_official")
    let path = APIPaths.messages(artistID: iu)
    let cursor = try backend.send("GET", path, token: fan.token).decoded(MessagePage.self).cursor
    async let held = hold(backend, holding, path, after: cursor, wait: 1, token: fan.token)
    try await Task.sleep(for: .milliseconds(200))
    _ = try backend.send("POST", path, token: other.token, body: SendMessageRequest(text: "only for IU"))
    let page = try await held.decoded(MessagePage.self)
    #expect(page.messages.isEmpty)
  }

  @Test func wait_newsAlreadyThere_isAnsweredAtOnce_withoutBeingHeld() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let path = APIPaths.messages(artistID: artist.account.id)
    let request = WireRequest(
      method: "GET", path: path, query: ["after": "0", "wait": "20"],
      headers: [APIHeaders.authorization: APIHeaders.bearer(artist.token)])
    let answers = LaterAnswers()
    let now = backend.backend.handle(request, later: answers.append)
    #expect(now?.status == 200)
    #expect(try now.map { try $0.decoded(MessagePage.self).messages.isEmpty } == false)
    #expect(backend.backend.core.heldPolls.count == 0)
  }

  @Test func manyHeldPolls_holdNoThreadEach_andAllAnswerWhenTheMessageArrives() async throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let path = APIPaths.messages(artistID: artist.account.id)
    let cursor = try backend.send("GET", path, token: fan.token).decoded(MessagePage.self).cursor
    let answers = LaterAnswers()
    for _ in 0..<200 {
      let request = WireRequest(
        method: "GET", path: path, query: ["after": String(cursor?.rawValue ?? 0), "wait": "20"],
        headers: [APIHeaders.authorization: APIHeaders.bearer(fan.token)])
      #expect(backend.backend.handle(request, later: answers.append) == nil)
    }
    #expect(backend.backend.core.heldPolls.count == 200)
    let sent = try backend.send("POST", path, token: artist.token, body: SendMessageRequest(text: "All!"))
      .decoded(Message.self)
    let deadline = ContinuousClock.now + .seconds(10)
    while answers.all.count < 200 && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    let pages = try answers.all.map { try $0.decoded(MessagePage.self) }
    #expect(pages.count == 200)
    #expect(pages.allSatisfy { $0.messages.map(\.id) == [sent.id] })
    #expect(backend.backend.core.heldPolls.count == 0)
  }

  @Test func heldActivityPoll_answersLaterWithTheRoomThatHasNews() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let first = try backend.send("GET", APIPaths.activity, token: fan.token).decoded(ActivityPage.self)
    let request = WireRequest(
      method: "GET", path: APIPaths.activity,
      query: ["after": String(first.cursor?.rawValue ?? 0), "wait": "20"],
      headers: [APIHeaders.authorization: APIHeaders.bearer(fan.token)])
    let answers = LaterAnswers()
    #expect(backend.backend.handle(request, later: answers.append) == nil)
    #expect(backend.backend.core.heldPolls.count == 1)
    // Posted at once, with no pause: a pause is a suspension, and while other tests block the few
    // threads that run tasks it can outlast the poll's wait (100 ms took 19.6 s), so the post
    // would come after an answer at the end of the wait that rightly lists no room.
    let posted = try backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token,
      body: SendMessageRequest(text: "News"))
    #expect(posted.status == 201, "the post was refused: \(posted.text)")
    let sent = try posted.decoded(Message.self)
    let page = try #require(answers.waitForOne()).decoded(ActivityPage.self)
    #expect(page.rooms.map(\.artistId) == [artist.account.id])
    // An answer at the end of the wait would keep the poll's cursor.
    #expect(page.cursor == sent.id)
  }

  @Test func heldPollOfAFanWhoLeftTheRoom_answeredWithABroadcast_leavesItUnreadUntilAcknowledged() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let path = APIPaths.messages(artistID: artist.account.id)
    let unread = {
      try backend.send("GET", APIPaths.artist(artistID: artist.account.id), token: fan.token)
        .decoded(ArtistSummary.self).unreadCount
    }
    let cursor = try backend.send("GET", path, token: fan.token).decoded(MessagePage.self).cursor
    #expect(try unread() == 0)
    // The fan's last poll, left held as the fan leaves the room: nothing follows its answer.
    let poll = { (after: MessageID?) in
      WireRequest(
        method: "GET", path: path, query: ["after": String(after?.rawValue ?? 0), "wait": "20"],
        headers: [APIHeaders.authorization: APIHeaders.bearer(fan.token)])
    }
    let answers = LaterAnswers()
    #expect(backend.backend.handle(poll(cursor), later: answers.append) == nil)
    let sent = try backend.send("POST", path, token: artist.token, body: SendMessageRequest(text: "Live!"))
      .decoded(Message.self)
    let page = try #require(answers.waitForOne()).decoded(MessagePage.self)
    #expect(page.messages.map(\.id) == [sent.id])
    #expect(try unread() == 1, "an answer nobody may have seen does not mark the broadcast read")
    // A fan still in the room polls again at once, after what it got: that reads it.
    let next = LaterAnswers()
    #expect(backend.backend.handle(poll(page.cursor), later: next.append) == nil)
    #expect(try unread() == 0)
    backend.backend.endLongPolls()
    #expect(next.waitForOne()?.status == 200)
  }

  @Test func poll_afterACursorBeyondTheRoomsNewest_marksNoLaterBroadcastRead() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let path = APIPaths.messages(artistID: artist.account.id)
    _ = backend.send("GET", path, query: ["after": "999999"], token: fan.token)
    _ = try backend.send("POST", path, token: artist.token, body: SendMessageRequest(text: "New"))
    let summary = try backend.send("GET", APIPaths.artist(artistID: artist.account.id), token: fan.token)
      .decoded(ArtistSummary.self)
    #expect(summary.unreadCount == 1, "the cursor reads what the room had, not what came after it")
  }

  /// A long poll held as `holding` says, off the threads that run the tests' tasks.
  private func hold(
    _ backend: TestBackend, _ holding: Holding, _ path: String, after: MessageID?, wait: Int, token: String
  ) async -> WireResponse {
    let request = WireRequest(
      method: "GET", path: path, query: ["after": String(after?.rawValue ?? 0), "wait": String(wait)],
      headers: [APIHeaders.authorization: APIHeaders.bearer(token)])
    switch holding {
    case .answeredLater:
      return await backend.backend.handler(request)
    case .onTheCallingThread:
      return await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: backend.backend.handle(request)) }
      }
    }
  }

  @Test(arguments: ["31", "-1", "soon"])
  func wait_outOfRange_returns400(wait: String) throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let response = backend.send(
      "GET", APIPaths.messages(artistID: artist.account.id), query: ["wait": wait], token: artist.token)
    #expect(response.status == 400)
    #expect(response.error?.message.hasPrefix("query 'wait'") == true)
  }
}
