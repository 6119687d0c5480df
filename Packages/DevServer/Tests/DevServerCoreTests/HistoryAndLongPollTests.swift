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
  @Test func wait_withNothingNew_answersAnEmptyPageAfterTheWait() async throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let path = APIPaths.messages(artistID: artist.account.id)
    let cursor = try backend.send("GET", path, token: artist.token).decoded(MessagePage.self).cursor
    let started = ContinuousClock.now
    let page = try await hold(backend, path, after: cursor, wait: 1, token: artist.token).decoded(
      MessagePage.self)
    #expect(page.messages.isEmpty)
    #expect(page.cursor == cursor)
    #expect(ContinuousClock.now - started >= .seconds(1))
  }

  @Test func wait_aMessageArrivesWhileHeld_answersWithItBeforeTheWaitEnds() async throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let path = APIPaths.messages(artistID: artist.account.id)
    let cursor = try backend.send("GET", path, token: fan.token).decoded(MessagePage.self).cursor
    async let held = hold(backend, path, after: cursor, wait: 20, token: fan.token)
    try await Task.sleep(for: .milliseconds(200))
    let sent = try backend.send("POST", path, token: artist.token, body: SendMessageRequest(text: "Now!"))
      .decoded(Message.self)
    let page = try await held.decoded(MessagePage.self)
    #expect(page.messages.map(\.id) == [sent.id])
  }

  @Test func wait_anotherFansReplyArrives_keepsHoldingTheFansRequest() async throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let other = try backend.signIn("minji_fan")
    let iu = try backend.accountID("iu_official")
    let path = APIPaths.messages(artistID: iu)
    let cursor = try backend.send("GET", path, token: fan.token).decoded(MessagePage.self).cursor
    async let held = hold(backend, path, after: cursor, wait: 1, token: fan.token)
    try await Task.sleep(for: .milliseconds(200))
    _ = try backend.send("POST", path, token: other.token, body: SendMessageRequest(text: "only for IU"))
    let page = try await held.decoded(MessagePage.self)
    #expect(page.messages.isEmpty)
  }

  /// A long poll through the backend's async handler, which holds it on a dispatch thread rather
  /// than on one of the few threads that run the tests' tasks.
  private func hold(
    _ backend: TestBackend, _ path: String, after: MessageID?, wait: Int, token: String
  ) async -> WireResponse {
    await backend.backend.handler(
      WireRequest(
        method: "GET", path: path, query: ["after": String(after?.rawValue ?? 0), "wait": String(wait)],
        headers: [APIHeaders.authorization: APIHeaders.bearer(token)]))
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
