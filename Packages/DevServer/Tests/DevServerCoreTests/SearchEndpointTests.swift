import AuthDataModels
import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@testable import DevServerCore

@Suite struct SearchEndpointTests {
  func search(
    _ backend: TestBackend, _ artist: AccountID, _ text: String, token: String, before: MessageID? = nil,
    limit: Int? = nil
  ) throws -> HistoryPage {
    var query = ["q": text]
    if let before { query["before"] = String(before.rawValue) }
    if let limit { query["limit"] = String(limit) }
    return try backend.send("GET", APIPaths.search(artistID: artist), query: query, token: token)
      .decoded(HistoryPage.self)
  }

  @Test func search_findsTheVisibleMessagesContainingTheText_pagedNewestFirst_withoutMarkingRead() throws {
    let backend = try TestBackend()
    let iu = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let other = try backend.signIn("minji_fan")
    let room = APIPaths.messages(artistID: iu.account.id)
    for index in 0..<5 {
      _ = try backend.send(
        "POST", room, token: iu.token, body: SendMessageRequest(text: "Tour DATE \(index)"))
    }
    _ = try backend.send(
      "POST", room, token: other.token, body: SendMessageRequest(text: "my tour date wish"))
    _ = try backend.send(
      "POST", room, token: fan.token, body: SendMessageRequest(text: "see you on tour date"))
    let unreadBefore = backend.send("GET", APIPaths.artists, token: fan.token).text
    let first = try search(backend, iu.account.id, "tour date", token: fan.token, limit: 4)
    #expect(
      first.messages.map(\.text) == ["Tour DATE 2", "Tour DATE 3", "Tour DATE 4", "see you on tour date"])
    #expect(first.hasOlder)
    let older = try search(
      backend, iu.account.id, "tour date", token: fan.token, before: first.messages.first?.id)
    #expect(older.messages.map(\.text) == ["Tour DATE 0", "Tour DATE 1"])
    #expect(!older.hasOlder)
    // The artist sees every fan's reply; nothing was marked read by searching.
    #expect(try search(backend, iu.account.id, "tour date", token: iu.token).messages.count == 7)
    #expect(backend.send("GET", APIPaths.artists, token: fan.token).text == unreadBefore)
  }

  @Test func search_patternCharacters_areTextToFind() throws {
    let backend = try TestBackend()
    let iu = try backend.signIn("iu_official")
    let room = APIPaths.messages(artistID: iu.account.id)
    for text in ["100% sure", "1000 sure", "a_b", "axb"] {
      _ = try backend.send("POST", room, token: iu.token, body: SendMessageRequest(text: text))
    }
    #expect(try search(backend, iu.account.id, "100%", token: iu.token).messages.map(\.text) == ["100% sure"])
    #expect(try search(backend, iu.account.id, "a_b", token: iu.token).messages.map(\.text) == ["a_b"])
  }

  @Test func search_withoutText_returns400_andAnotherArtistsRoom403() throws {
    let backend = try TestBackend()
    let iu = try backend.signIn("iu_official")
    let taeyeon = try backend.accountID("taeyeon")
    let missing = backend.send("GET", APIPaths.search(artistID: iu.account.id), token: iu.token)
    #expect(missing.status == 400)
    #expect(missing.error?.code == "invalid_parameter")
    let foreign = backend.send("GET", APIPaths.search(artistID: taeyeon), query: ["q": "x"], token: iu.token)
    #expect(foreign.status == 403)
  }
}
