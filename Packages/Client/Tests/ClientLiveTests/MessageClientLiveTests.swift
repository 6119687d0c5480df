import CommonDataModels
import Foundation
import MessageClient
import MessageClientLive
import MessageDataModels
import NetworkProvider
import Synchronization
import Testing

func messageJSON(_ id: Int) -> String {
  """
  {"artistId":1,"id":\(id),"kind":"broadcast","senderDisplayName":"IU","senderId":1,\
  "senderUsername":"iu_official","sentAt":"2026-11-20T10:00:0\(id % 10)Z","text":"m\(id)"}
  """
}

func pageJSON(_ ids: [Int], cursor: Int?, hasMore: Bool = false) -> String {
  let messages = ids.map(messageJSON).joined(separator: ",")
  return #"{"cursor":\#(cursor.map(String.init) ?? "null"),"hasMore":\#(hasMore),"messages":[\#(messages)]}"#
}

/// Records the waits between polls; once `limit` waits have passed, it waits until cancelled.
final class PollSleeper: Sendable {
  private let waits = Mutex<[Duration]>([])
  let limit: Int

  init(limit: Int) { self.limit = limit }

  var recorded: [Duration] { waits.withLock { $0 } }

  var sleep: @Sendable (Duration) async throws -> Void {
    { [self] duration in
      let count = waits.withLock { waits in
        waits.append(duration)
        return waits.count
      }
      guard count > limit else { return }
      // Suspends until the follower is cancelled: nothing ever finishes this stream.
      let never = AsyncStream<Never> { _ in }
      for await _ in never {}
      throw CancellationError()
    }
  }
}

@Suite struct MessageClientLiveTests {
  @Test func messages_getsTheRoomWithLimitAndCursor() async throws {
    let harness = Harness([json(200, pageJSON([1, 2], cursor: 2)), json(200, pageJSON([], cursor: 2))])
    defer { harness.remove() }
    let client = MessageClient.live(harness.api)
    let first = try await client.messages(1, nil)
    #expect(first.messages.map(\.id) == [1, 2] && first.cursor == 2)
    _ = try await client.messages(1, 2)
    #expect(
      harness.transport.requests == [
        WireRequest(method: "GET", path: "/v1/rooms/1/messages", query: ["limit": "100"], headers: bearer),
        WireRequest(
          method: "GET", path: "/v1/rooms/1/messages", query: ["after": "2", "limit": "100"], headers: bearer),
      ])
  }

  @Test func send_postsTheTextOnceUnderItsIdempotencyKeyEvenWhenTheServerFails() async throws {
    let harness = Harness([json(500, #"{"code":"internal_error","message":"Disk full."}"#)], maxAttempts: 3)
    defer { harness.remove() }
    let key = UUID(uuidString: "6F1C2A3B-0000-4000-8000-00000000002A") ?? UUID()
    await #expect(throws: APIError.server(status: 500, message: "Disk full.")) {
      try await MessageClient.live(harness.api).send(1, "hello", key)
    }
    let request = harness.transport.requests
    #expect(request.count == 1)
    #expect(request.first?.method == "POST" && request.first?.path == "/v1/rooms/1/messages")
    #expect(
      request.first?.headers
        == bearer.merging(jsonBody) { $1 }.merging(["idempotency-key": key.uuidString]) { $1 })
    #expect(body(request.first) == #"{"text":"hello"}"#)
  }

  @Test func send_returnsTheStoredMessage() async throws {
    let harness = Harness([json(201, messageJSON(9))])
    defer { harness.remove() }
    let message = try await MessageClient.live(harness.api).send(1, "m9", UUID())
    #expect(message.id == 9 && message.kind == .broadcast)
  }

  @Test func messages_badDate_throwsDecodingNamingTheField() async throws {
    let bad = pageJSON([1], cursor: 1).replacingOccurrences(of: "2026-11-20T10:00:01Z", with: "yesterday")
    let harness = Harness([json(200, bad)])
    defer { harness.remove() }
    await #expect(
      throws: APIError.decoding(
        "field 'messages[0].sentAt': expected an ISO-8601 date such as '2026-01-31T09:30:00Z'")
    ) {
      try await MessageClient.live(harness.api).messages(1, nil)
    }
  }

  @Test func olderMessages_getsTheNewestPageOrThePageBeforeAnId() async throws {
    let harness = Harness([
      json(200, historyJSON([5, 6], hasOlder: true)), json(200, historyJSON([4], hasOlder: false)),
    ])
    defer { harness.remove() }
    let client = MessageClient.live(harness.api)
    #expect(
      try await client.olderMessages(1, nil)
        == HistoryPage(messages: try decodedMessages([5, 6]), hasOlder: true))
    #expect(
      try await client.olderMessages(1, 5) == HistoryPage(messages: try decodedMessages([4]), hasOlder: false)
    )
    #expect(
      harness.transport.requests == [
        WireRequest(method: "GET", path: "/v1/rooms/1/history", query: ["limit": "100"], headers: bearer),
        WireRequest(
          method: "GET", path: "/v1/rooms/1/history", query: ["before": "5", "limit": "100"], headers: bearer),
      ])
  }

  @Test func deleteMessage_sendsDELETEOnTheMessage_andSearchGetsTheRoomsMatches() async throws {
    let harness = Harness([.respond(WireResponse(status: 204)), json(200, historyJSON([4], hasOlder: true))])
    defer { harness.remove() }
    let client = MessageClient.live(harness.api)
    try await client.deleteMessage(1, 7)
    #expect(
      try await client.search(1, "m4", 5) == HistoryPage(messages: try decodedMessages([4]), hasOlder: true))
    #expect(
      harness.transport.requests == [
        WireRequest(method: "DELETE", path: "/v1/rooms/1/messages/7", headers: bearer),
        WireRequest(
          method: "GET", path: "/v1/rooms/1/search", query: ["before": "5", "limit": "100", "q": "m4"],
          headers: bearer),
      ])
  }

  @Test func followRoom_reportsTheDeletionsAPollNames_afterTheRoomAsRead() async throws {
    let deletedPage = #"{"cursor":9,"deleted":[6],"hasMore":false,"messages":[]}"#
    let harness = Harness([
      json(200, pageJSON([7], cursor: 7)), json(200, deletedPage), json(200, pageJSON([], cursor: 9)),
    ])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 0)
    let client = MessageClient.live(harness.api, sleep: sleeper.sleep)
    var iterator = client.followRoom(1, 6).makeAsyncIterator()
    #expect(try await iterator.next() == .loaded(try decodedMessages([7]), hasOlder: false))
    #expect(try await iterator.next() == .deleted([6]))
    while sleeper.recorded.isEmpty { await Task.yield() }
    // The deletion moved the cursor: the next poll asks after it.
    #expect(harness.transport.requests.last?.query["after"] == "9")
  }

  @Test func followRoom_withoutCursor_loadsTheNewestPageThenLongPollsAfterIt() async throws {
    let harness = Harness([
      json(200, historyJSON([5, 6], hasOlder: true)), json(200, pageJSON([7], cursor: 7)),
      json(200, pageJSON([], cursor: 7)),
    ])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 0)
    let client = MessageClient.live(
      harness.api, longPollWait: .seconds(6), pollInterval: .milliseconds(300), sleep: sleeper.sleep)
    var iterator = client.followRoom(1, nil).makeAsyncIterator()
    #expect(try await iterator.next() == .loaded(try decodedMessages([5, 6]), hasOlder: true))
    #expect(try await iterator.next() == .messages(try decodedMessages([7])))
    while sleeper.recorded.isEmpty { await Task.yield() }
    #expect(
      harness.transport.requests == [
        WireRequest(method: "GET", path: "/v1/rooms/1/history", query: ["limit": "100"], headers: bearer),
        WireRequest(
          method: "GET", path: "/v1/rooms/1/messages", query: ["after": "6", "limit": "100", "wait": "6"],
          headers: bearer),
        WireRequest(
          method: "GET", path: "/v1/rooms/1/messages", query: ["after": "7", "limit": "100", "wait": "6"],
          headers: bearer),
      ])
    // A poll that brought something is followed by the next at once; an empty one pauses.
    #expect(sleeper.recorded == [.milliseconds(300)])
  }

  @Test func followRoom_fromACursor_readsEveryPageWithoutALimitBeforeReportingTheRoomLoaded() async throws {
    // 30 pages: more than any fixed cap on the first read would allow.
    let pages = (0..<30).map { index in
      json(200, pageJSON([2 * index + 1, 2 * index + 2], cursor: 2 * index + 2, hasMore: index < 29))
    }
    let harness = Harness(
      pages + [json(200, pageJSON([61], cursor: 61)), json(200, pageJSON([], cursor: 61))])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 0)
    let client = MessageClient.live(harness.api, pollInterval: .seconds(2), sleep: sleeper.sleep)
    var iterator = client.followRoom(1, 0).makeAsyncIterator()
    #expect(try await iterator.next() == .loaded(try decodedMessages(Array(1...60)), hasOlder: false))
    #expect(try await iterator.next() == .messages(try decodedMessages([61])))
    while sleeper.recorded.isEmpty { await Task.yield() }
    let requests = harness.transport.requests
    #expect(requests.map { $0.query["after"] } == (0...31).map { String(min(2 * $0, 61)) })
    // Pages while loading follow each other at once and do not ask the server to hold them.
    #expect(requests.prefix(30).allSatisfy { $0.query["wait"] == nil })
    #expect(requests.suffix(2).allSatisfy { $0.query["wait"] == "4" })
    #expect(sleeper.recorded == [.seconds(2)])
  }

  @Test func followRoom_interruptedWhileLoading_reportsItResumesAndLoadsFromWhereItGot() async throws {
    let harness = Harness([
      .fail(.timeout),
      json(200, historyJSON([1, 2], hasOlder: false)),
      json(404, #"{"code":"not_found","message":"No such artist."}"#),
    ])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 10)
    let client = MessageClient.live(
      harness.api, pollInterval: .seconds(2), maxBackoff: .seconds(30), sleep: sleeper.sleep)
    var updates: [RoomUpdate] = []
    await #expect(throws: APIError.rejected(code: "not_found", message: "No such artist.")) {
      for try await update in client.followRoom(1, nil) { updates.append(update) }
    }
    #expect(
      updates == [
        .interrupted(.timeout, retryIn: .seconds(4)), .resumed,
        .loaded(try decodedMessages([1, 2]), hasOlder: false),
      ])
    #expect(
      harness.transport.requests.map(\.path) == [
        "/v1/rooms/1/history", "/v1/rooms/1/history", "/v1/rooms/1/messages",
      ])
    #expect(harness.transport.requests.map { $0.query["after"] } == [nil, nil, "2"])
  }

  @Test func followRoom_yieldsOnlyNewBatchesAndReportsTransientErrorsWhileBackingOff() async throws {
    let harness = Harness([
      json(200, pageJSON([], cursor: 2)),
      json(200, pageJSON([3, 4], cursor: 4, hasMore: true)),
      json(200, pageJSON([5], cursor: 5)),
      json(200, pageJSON([], cursor: 5)),
      .fail(.unreachable("http://127.0.0.1:9")),
      json(503, #"{"code":"internal_error","message":"busy"}"#),
      json(200, pageJSON([5, 6], cursor: 6)),
      json(401, #"{"code":"unauthorized","message":"Sign in again."}"#),
    ])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 10)
    let client = MessageClient.live(
      harness.api, pollInterval: .seconds(2), maxBackoff: .seconds(5), sleep: sleeper.sleep)
    var updates: [String] = []
    await #expect(throws: APIError.unauthorized("Sign in again.")) {
      for try await update in client.followRoom(1, 2) {
        switch update {
        case .loaded(let batch, let hasOlder):
          updates.append("loaded \(batch.map(\.id.rawValue)) \(hasOlder)")
        case .messages(let batch): updates.append("\(batch.map(\.id.rawValue))")
        case .deleted(let ids): updates.append("deleted \(ids.map(\.rawValue))")
        case .interrupted(let error, let retryIn): updates.append("interrupted: \(error.message) \(retryIn)")
        case .resumed: updates.append("resumed")
        }
      }
    }
    #expect(
      updates == [
        "loaded [] false", "[3, 4]", "[5]",
        "interrupted: \(APIError.unreachable("http://127.0.0.1:9").message) 4.0 seconds",
        "interrupted: \(APIError.server(status: 503, message: "busy").message) 5.0 seconds",
        "resumed", "[6]",
      ])
    #expect(harness.transport.requests.map { $0.query["after"] } == ["2", "2", "4", "5", "5", "5", "5", "6"])
    // Empty answers pause for the poll interval; batches do not; two failures: 4 s, then capped at 5 s.
    #expect(sleeper.recorded == [.seconds(2), .seconds(2), .seconds(4), .seconds(5)])
  }

  @Test func followRoom_unreadableAnswers_backOffSaySoAndFollowOn() async throws {
    let harness = Harness([
      json(200, pageJSON([], cursor: 2)),
      json(200, #"{"cursor":3,"hasMore":false,"messa"#),
      json(200, "<html><body>Bad gateway</body></html>"),
      json(200, pageJSON([3], cursor: 3)),
      json(404, #"{"code":"not_found","message":"No such artist."}"#),
    ])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 10)
    let client = MessageClient.live(
      harness.api, pollInterval: .seconds(2), maxBackoff: .seconds(30), sleep: sleeper.sleep)
    var updates: [String] = []
    await #expect(throws: APIError.rejected(code: "not_found", message: "No such artist.")) {
      for try await update in client.followRoom(1, 2) {
        switch update {
        case .loaded(let batch, _): updates.append("loaded \(batch.map(\.id.rawValue))")
        case .messages(let batch): updates.append("\(batch.map(\.id.rawValue))")
        case .deleted(let ids): updates.append("deleted \(ids.map(\.rawValue))")
        case .interrupted(let error, let retryIn):
          guard case .decoding = error else {
            Issue.record("expected an unreadable answer, got \(error)")
            return
          }
          updates.append("interrupted \(retryIn)")
        case .resumed: updates.append("resumed")
        }
      }
    }
    // A truncated body and an HTML page are waited out like a dropped connection, not the end.
    #expect(updates == ["loaded []", "interrupted 4.0 seconds", "interrupted 8.0 seconds", "resumed", "[3]"])
    #expect(harness.transport.requests.map { $0.query["after"] } == ["2", "2", "2", "2", "3"])
  }

  @Test func followRoom_cancelled_finishesQuietly() async throws {
    let harness = Harness([json(200, historyJSON([1], hasOlder: false)), json(200, pageJSON([], cursor: 1))])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 0)
    let client = MessageClient.live(harness.api, sleep: sleeper.sleep)
    let reader = Task {
      var updates = 0
      for try await _ in client.followRoom(1, nil) { updates += 1 }
      return updates
    }
    while sleeper.recorded.isEmpty { await Task.yield() }
    reader.cancel()
    #expect(try await reader.value == 1)
  }
}

func historyJSON(_ ids: [Int], hasOlder: Bool) -> String {
  #"{"hasOlder":\#(hasOlder),"messages":[\#(ids.map(messageJSON).joined(separator: ","))]}"#
}

/// The messages `messageJSON` describes, as the client decodes them.
func decodedMessages(_ ids: [Int]) throws -> [Message] {
  let json = "[" + ids.map(messageJSON).joined(separator: ",") + "]"
  return try WireJSON.decode([Message].self, from: Data(json.utf8))
}
