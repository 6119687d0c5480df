import CommonDataModels
import Foundation
import MessageDataModels
import ProfileDataModels
import Testing

@testable import DevServerCore

@Suite struct MessageEndpointTests {
  @Test func messages_subscribedFan_seesBroadcastsAndOnlyOwnReplies() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let iu = try backend.accountID("iu_official")
    let page = try backend.send("GET", APIPaths.messages(artistID: iu), token: fan.token).decoded(
      MessagePage.self)
    #expect(page.messages.map(\.senderUsername) == ["iu_official", "demo_fan", "iu_official", "iu_official"])
    #expect(page.messages.allSatisfy { $0.kind == .broadcast || $0.senderId == fan.account.id })
    #expect(page.cursor == page.messages.last?.id)
    #expect(page.hasMore == false)
    #expect(page.messages.map(\.id) == page.messages.map(\.id).sorted())
  }

  @Test func messages_artist_seesEveryFansReplyInOwnRoom() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let page = try backend.send("GET", APIPaths.messages(artistID: artist.account.id), token: artist.token)
      .decoded(MessagePage.self)
    #expect(
      Set(page.messages.filter { $0.kind == .reply }.map(\.senderUsername)) == ["demo_fan", "minji_fan"])
  }

  @Test func messages_artistInAnotherArtistsRoom_returns403() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let taeyeon = try backend.accountID("taeyeon")
    #expect(backend.send("GET", APIPaths.messages(artistID: taeyeon), token: artist.token).status == 403)
    let post = try backend.send(
      "POST", APIPaths.messages(artistID: taeyeon), token: artist.token, body: SendMessageRequest(text: "hi"))
    #expect(post.status == 403)
  }

  @Test func messages_unsubscribedFan_returns403() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let akmu = try backend.accountID("akmu")
    let response = backend.send("GET", APIPaths.messages(artistID: akmu), token: fan.token)
    #expect(response.status == 403)
    #expect(response.error?.message.contains("Subscribe to akmu") == true)
  }

  @Test func messages_unknownRoom_returns404() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    #expect(backend.send("GET", APIPaths.messages(artistID: 777), token: fan.token).status == 404)
    let post = try backend.send(
      "POST", APIPaths.messages(artistID: 777), token: fan.token, body: SendMessageRequest(text: "x"))
    #expect(post.status == 404)
  }

  @Test(arguments: [
    ("/messages", ["after": "abc"]), ("/messages", ["wait": "soon"]),
    ("/messages", ["limit": "0", "wait": "1"]),
    ("/history", ["before": "-1"]), ("/history", ["limit": "ten"]),
  ])
  func roomReads_badQueryInARoomTheCallerMayNotUse_answerTheRoomsStatusFirst(
    suffix: String, query: [String: String]
  ) throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let akmu = try backend.accountID("akmu")
    let iu = try backend.accountID("iu_official")
    let forbidden = backend.send("GET", "/v1/rooms/\(akmu.rawValue)\(suffix)", query: query, token: fan.token)
    #expect(forbidden.status == 403, "\(forbidden.text)")
    let missing = backend.send("GET", "/v1/rooms/777\(suffix)", query: query, token: fan.token)
    #expect(missing.status == 404, "\(missing.text)")
    let allowed = backend.send("GET", "/v1/rooms/\(iu.rawValue)\(suffix)", query: query, token: fan.token)
    #expect(allowed.status == 400 && allowed.error?.code == "invalid_parameter", "\(allowed.text)")
  }

  @Test func messages_withoutToken_returns401() throws {
    let backend = try TestBackend()
    #expect(backend.send("GET", APIPaths.messages(artistID: 1)).status == 401)
    #expect(backend.send("POST", APIPaths.messages(artistID: 1), json: #"{"text":"hi"}"#).status == 401)
  }

  @Test func messages_afterCursorAndLimit_pageThroughWithoutGapsOrRepeats() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let path = APIPaths.messages(artistID: artist.account.id)
    let all = try backend.send("GET", path, token: artist.token).decoded(MessagePage.self).messages
    var seen: [MessageID] = []
    var cursor: MessageID?
    var pages = 0
    repeat {
      var query = ["limit": "2"]
      if let cursor { query["after"] = String(cursor.rawValue) }
      let page = try backend.send("GET", path, query: query, token: artist.token).decoded(MessagePage.self)
      seen += page.messages.map(\.id)
      cursor = page.cursor
      pages += 1
      if !page.hasMore { break }
    } while pages < 10
    #expect(seen == all.map(\.id))
    #expect(pages == 3)
    let empty = try backend.send(
      "GET", path, query: ["after": String(cursor?.rawValue ?? 0)], token: artist.token
    )
    .decoded(MessagePage.self)
    #expect(empty.messages.isEmpty)
    #expect(empty.cursor == cursor)
  }

  @Test(arguments: [["after": "abc"], ["after": "-1"], ["limit": "0"], ["limit": "201"], ["limit": "ten"]])
  func messages_invalidQuery_returns400(query: [String: String]) throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let response = backend.send(
      "GET", APIPaths.messages(artistID: artist.account.id), query: query, token: artist.token)
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_parameter")
    #expect(response.error?.message.hasPrefix("query '\(query.keys.first ?? "")'") == true)
  }

  @Test func messages_fanFetch_marksBroadcastsRead() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let iu = try backend.accountID("iu_official")
    #expect(try unread(backend, fan.token, artist: iu) == 2)
    _ = backend.send("GET", APIPaths.messages(artistID: iu), token: fan.token)
    #expect(try unread(backend, fan.token, artist: iu) == 0)
  }

  @Test func send_artist_broadcastReachesEverySubscriber() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("minji_fan")
    let path = APIPaths.messages(artistID: artist.account.id)
    let before = try backend.send("GET", path, token: fan.token).decoded(MessagePage.self)
    let response = try backend.send(
      "POST", path, token: artist.token, body: SendMessageRequest(text: "Surprise live at 9!"))
    #expect(response.status == 201)
    let message = try response.decoded(Message.self)
    #expect(message.kind == .broadcast)
    #expect(message.senderId == artist.account.id)
    #expect(message.sentAt == backend.clock.now)
    #expect(try unread(backend, fan.token, artist: artist.account.id) == 1)
    let after = try backend.send(
      "GET", path, query: ["after": String(before.cursor?.rawValue ?? 0)], token: fan.token
    ).decoded(MessagePage.self)
    #expect(after.messages == [message])
  }

  @Test func send_afterTheSenderRenamedThemselves_answersWithTheNewNameAsThePageShowsIt() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let path = APIPaths.messages(artistID: artist.account.id)
    // A post first, so the session is cached with the old name before the change.
    #expect(backend.send("POST", path, token: artist.token, json: #"{"text":"before"}"#).status == 201)
    let rename = try backend.send(
      "PATCH", APIPaths.profile, token: artist.token, body: UpdateProfileRequest(displayName: "아이유"))
    #expect(rename.status == 200)
    let message = try backend.send("POST", path, token: artist.token, json: #"{"text":"after"}"#)
      .decoded(Message.self)
    #expect(message.senderDisplayName == "아이유")
    let page = try backend.send("GET", path, token: artist.token).decoded(MessagePage.self)
    #expect(page.messages.last == message)
  }

  @Test func send_fanReply_isSeenByArtistButNotByOtherFans() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let otherFan = try backend.signIn("minji_fan")
    let path = APIPaths.messages(artistID: artist.account.id)
    let response = try backend.send(
      "POST", path, token: fan.token, body: SendMessageRequest(text: "Private hello"))
    #expect(response.status == 201)
    let reply = try response.decoded(Message.self)
    #expect(reply.kind == .reply)
    let artistView = try backend.send("GET", path, token: artist.token).decoded(MessagePage.self).messages
    let fanView = try backend.send("GET", path, token: fan.token).decoded(MessagePage.self).messages
    let otherView = try backend.send("GET", path, token: otherFan.token).decoded(MessagePage.self).messages
    #expect(artistView.contains(reply))
    #expect(fanView.contains(reply))
    #expect(!otherView.contains(reply))
  }

  @Test(arguments: [
    ("", "field 'text': This cannot be empty."),
    ("   \n ", "field 'text': This cannot be empty."),
    (String(repeating: "가", count: 501), "field 'text': At most 500 characters."),
  ])
  func send_invalidText_returns400InvalidMessage(text: String, message: String) throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let response = try backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token,
      body: SendMessageRequest(text: text))
    #expect(response.status == 400)
    #expect(response.error == APIErrorBody(code: "invalid_message", message: message))
  }

  @Test func send_exactly500Characters_isAccepted() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let text = String(repeating: "가", count: 500)
    let response = try backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token,
      body: SendMessageRequest(text: text))
    #expect(response.status == 201)
    #expect(try response.decoded(Message.self).text == text)
  }

  @Test func send_missingText_returns400NamingField() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let response = backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token, json: #"{"txt":"typo"}"#)
    #expect(response.status == 400)
    #expect(response.error == APIErrorBody(code: "malformed_json", message: "field 'text': is missing"))
  }

  private func unread(_ backend: TestBackend, _ token: String, artist: AccountID) throws -> Int {
    let response = backend.send("GET", APIPaths.artist(artistID: artist), token: token)
    return try response.decoded(UnreadProbe.self).unreadCount
  }
}

private struct UnreadProbe: Decodable {
  var unreadCount: Int
}
