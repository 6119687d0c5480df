import ArtistDataModels
import AuthDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@testable import DevServerCore

@Suite struct DeleteMessageEndpointTests {
  func post(_ backend: TestBackend, _ artist: AccountID, _ text: String, token: String) throws -> Message {
    try backend.send(
      "POST", APIPaths.messages(artistID: artist), token: token, body: SendMessageRequest(text: text)
    )
    .decoded(Message.self)
  }

  func delete(
    _ backend: TestBackend, _ artist: AccountID, _ message: MessageID, token: String
  ) -> WireResponse {
    backend.send("DELETE", APIPaths.message(artistID: artist, messageID: message), token: token)
  }

  func page(
    _ backend: TestBackend, _ artist: AccountID, after: MessageID?, token: String
  ) throws -> MessagePage {
    var query: [String: String] = [:]
    if let after { query["after"] = String(after.rawValue) }
    return try backend.send("GET", APIPaths.messages(artistID: artist), query: query, token: token)
      .decoded(MessagePage.self)
  }

  /// A backend with IU, the fan who writes and another fan signed in.
  func signedIn() throws -> (TestBackend, iu: Session, fan: Session, other: Session) {
    let backend = try TestBackend()
    return (
      backend, try backend.signIn("iu_official"), try backend.signIn("demo_fan"),
      try backend.signIn("minji_fan")
    )
  }

  @Test func delete_byTheAuthor_answers204_andTheMessageIsGoneFromPagesHistoryAndSearch() throws {
    let backend = try TestBackend()
    let iu = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let room = iu.account.id
    let kept = try post(backend, room, "Concert news", token: iu.token)
    let mistake = try post(backend, room, "Concert typo", token: iu.token)
    #expect(delete(backend, room, mistake.id, token: iu.token).status == 204)
    let history = try backend.send("GET", APIPaths.history(artistID: room), token: fan.token)
      .decoded(HistoryPage.self)
    #expect(history.messages.contains(kept) && !history.messages.contains { $0.id == mistake.id })
    let found = try backend.send(
      "GET", APIPaths.search(artistID: room), query: ["q": "concert"], token: iu.token
    ).decoded(HistoryPage.self)
    #expect(found.messages.map(\.text) == ["Concert news"])
    let all = try page(backend, room, after: nil, token: fan.token)
    #expect(!all.messages.contains { $0.id == mistake.id })
    #expect(all.deleted == [mistake.id])
  }

  @Test func delete_isIdempotent_unknownIs404_andSomeoneElsesIs403OrUnseen404() throws {
    let (backend, iu, fan, other) = try signedIn()
    let room = iu.account.id
    let broadcast = try post(backend, room, "Hello", token: iu.token)
    let reply = try post(backend, room, "Hi IU", token: fan.token)
    // The fan sees the broadcast but did not write it; the artist sees the reply but did not write it.
    #expect(
      delete(backend, room, broadcast.id, token: fan.token).error?.code == APIErrorCode.forbidden.rawValue)
    #expect(delete(backend, room, reply.id, token: iu.token).status == 403)
    // Another fan never sees this fan's reply: for them it is not there.
    #expect(delete(backend, room, reply.id, token: other.token).status == 404)
    #expect(delete(backend, room, MessageID(999_999), token: iu.token).status == 404)
    #expect(
      backend.send("DELETE", "/v1/rooms/\(room)/messages/x", token: iu.token).error?.code
        == APIErrorCode.invalidParameter.rawValue)
    #expect(delete(backend, room, reply.id, token: fan.token).status == 204)
    #expect(delete(backend, room, reply.id, token: fan.token).status == 204)
    // Deleted by its author, it stays out of reach of others.
    #expect(delete(backend, room, reply.id, token: iu.token).status == 404)
    #expect(delete(backend, room, broadcast.id, token: iu.token).status == 204)
    #expect(delete(backend, room, broadcast.id, token: iu.token).status == 204)
    #expect(delete(backend, room, broadcast.id, token: fan.token).status == 404)
  }

  @Test func deletion_movesTheCursor_andIsReportedOnceAfterIt_toEveryReaderWhoSawTheMessage() throws {
    let (backend, iu, fan, other) = try signedIn()
    let room = iu.account.id
    let broadcast = try post(backend, room, "Oops", token: iu.token)
    let reply = try post(backend, room, "Mine", token: fan.token)
    let fanCursor = try page(backend, room, after: nil, token: fan.token).cursor
    let otherCursor = try page(backend, room, after: nil, token: other.token).cursor
    #expect(delete(backend, room, broadcast.id, token: iu.token).status == 204)
    #expect(delete(backend, room, reply.id, token: fan.token).status == 204)
    let fanPage = try page(backend, room, after: fanCursor, token: fan.token)
    #expect(fanPage.messages.isEmpty && fanPage.deleted == [broadcast.id, reply.id])
    let otherPage = try page(backend, room, after: otherCursor, token: other.token)
    #expect(otherPage.deleted == [broadcast.id], "another fan hears only of what they could see")
    #expect(try page(backend, room, after: fanPage.cursor, token: fan.token).deleted == [])
    // A new message after a deleted newest one takes a new id.
    let next = try post(backend, room, "Again", token: iu.token)
    #expect(next.id > reply.id && next.id > fanPage.cursor ?? 0)
  }

  @Test func heldPoll_isAnsweredWithTheDeletion() async throws {
    let backend = try TestBackend()
    let iu = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let room = iu.account.id
    let broadcast = try post(backend, room, "Soon gone", token: iu.token)
    let cursor = try page(backend, room, after: nil, token: fan.token).cursor
    let request = WireRequest(
      method: "GET", path: APIPaths.messages(artistID: room),
      query: ["after": String(cursor?.rawValue ?? 0), "wait": "20"],
      headers: [APIHeaders.authorization: APIHeaders.bearer(fan.token)])
    let answers = LaterAnswers()
    #expect(backend.backend.handle(request, later: answers.append) == nil)
    #expect(delete(backend, room, broadcast.id, token: iu.token).status == 204)
    let answer = try #require(answers.waitForOne()).decoded(MessagePage.self)
    #expect(answer.deleted == [broadcast.id])
    #expect(answer.messages.isEmpty)
  }

  @Test func deletingBroadcasts_keepsUnreadCountsAndActivityExact() throws {
    let backend = try TestBackend()
    let iu = try backend.signIn("iu_official")
    let fan = try backend.signIn("minji_fan")
    let room = iu.account.id
    func unread() throws -> Int? {
      try backend.send("GET", APIPaths.artists, token: fan.token).decoded(ArtistList.self).artists
        .first { $0.id == room }?.unreadCount
    }
    let read = try page(backend, room, after: nil, token: fan.token)
    let activity = try backend.send("GET", APIPaths.activity, token: fan.token).decoded(ActivityPage.self)
    let sent = try (0..<4).map { try post(backend, room, "News \($0)", token: iu.token) }
    #expect(try unread() == 4)
    #expect(delete(backend, room, sent[3].id, token: iu.token).status == 204)
    #expect(try unread() == 3)
    #expect(delete(backend, room, sent[0].id, token: iu.token).status == 204)
    #expect(try unread() == 2)
    let news = try backend.send(
      "GET", APIPaths.activity, query: ["after": String(activity.cursor?.rawValue ?? 0)], token: fan.token
    ).decoded(ActivityPage.self)
    #expect(news.rooms.map(\.newMessageCount) == [2])
    #expect(news.rooms.map(\.unreadCount) == [2])
    // Reading the rest leaves nothing unread; a new broadcast counts once.
    _ = try page(backend, room, after: read.cursor, token: fan.token)
    #expect(try unread() == 0)
    _ = try post(backend, room, "Later", token: iu.token)
    #expect(try unread() == 1)
  }
}
