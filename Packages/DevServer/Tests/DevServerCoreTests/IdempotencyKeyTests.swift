import AuthDataModels
import CommonDataModels
import Dispatch
import Foundation
import MessageDataModels
import Synchronization
import Testing

@testable import DevServerCore

@Suite struct IdempotencyKeyTests {
  static let body = #"{"text":"Sent twice, stored once"}"#

  /// Each way a post is answered: on the calling thread, and later from the group commit.
  enum Answering: CaseIterable { case now, later }

  func post(
    _ backend: TestBackend, _ artist: Session, key: String?, answering: Answering, text: String = "Sent once"
  ) throws -> Message {
    let headers = key.map { [APIHeaders.idempotencyKey: $0] } ?? [:]
    let room = APIPaths.messages(artistID: artist.account.id)
    let json = #"{"text":"\#(text)"}"#
    let response =
      switch answering {
      case .now: backend.send("POST", room, token: artist.token, json: json, headers: headers)
      case .later:
        try #require(
          backend.sendOfferingLater("POST", room, token: artist.token, json: json, headers: headers).response)
      }
    #expect(response.status == 201, "\(response.text)")
    return try response.decoded(Message.self)
  }

  func storedCount(_ backend: TestBackend, _ text: String) throws -> Int64 {
    try backend.backend.core.store.database.read {
      try $0.queryFirst("SELECT COUNT(*) FROM messages WHERE text = ?", [.text(text)])?.int64(0) ?? -1
    }
  }

  @Test(arguments: Answering.allCases)
  func postSentAgainWithItsKey_isStoredOnce_andTheRepeatAnswersTheStoredMessage(answering: Answering) throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let key = UUID().uuidString
    let first = try post(backend, artist, key: key, answering: answering, text: "Only once")
    let again = try post(backend, artist, key: key, answering: answering, text: "Only once")
    #expect(again == first)
    #expect(try storedCount(backend, "Only once") == 1)
    // Without a key, or with another, a post is a new message.
    #expect(try post(backend, artist, key: nil, answering: answering, text: "Only once").id != first.id)
    #expect(
      try post(backend, artist, key: UUID().uuidString, answering: answering, text: "Only once").id
        != first.id)
    #expect(try storedCount(backend, "Only once") == 3)
  }

  @Test func sameKeySentAtOnce_isStoredOnce_andEveryPostAnswersTheSameMessage() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let key = UUID().uuidString
    let ids = Mutex<[MessageID]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let message = try? post(
        backend, artist, key: key, answering: index % 2 == 0 ? .now : .later, text: "Burst")
      ids.withLock { $0.append(message?.id ?? MessageID(-1)) }
    }
    let answered = ids.withLock { $0 }
    #expect(Set(answered).count == 1 && answered.count == 8)
    #expect(try storedCount(backend, "Burst") == 1)
  }

  @Test func sameKeyFromAnotherAuthor_isAnotherMessage() throws {
    let backend = try TestBackend()
    let iu = try backend.signIn("iu_official")
    let taeyeon = try backend.signIn("taeyeon")
    let key = UUID().uuidString
    let first = try post(backend, iu, key: key, answering: .now)
    #expect(try post(backend, taeyeon, key: key, answering: .now).id != first.id)
  }

  @Test func keyOlderThanADay_isForgotten_soTheSamePostIsStoredAgain() throws {
    let backend = try TestBackend()
    let key = UUID().uuidString
    let first = try post(backend, try backend.signIn("iu_official"), key: key, answering: .now)
    backend.advance(seconds: Store.idempotencyKeyLifetime + BackendCore.sessionPurgeInterval)
    let later = try post(backend, try backend.signIn("iu_official"), key: key, answering: .now)
    #expect(later.id != first.id)
  }

  @Test(arguments: ["", String(repeating: "k", count: 101), "has space", "tab\there"])
  func malformedKey_returns400_andStoresNothing(key: String) throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let response = backend.send(
      "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token, json: Self.body,
      headers: [APIHeaders.idempotencyKey: key])
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_parameter")
    #expect(try storedCount(backend, "Sent twice, stored once") == 0)
  }
}
