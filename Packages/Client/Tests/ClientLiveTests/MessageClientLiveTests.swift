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
      if count > limit { try await Task.sleep(for: .seconds(3_600)) }
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

  @Test func send_postsTheTextOnceEvenWhenTheServerFails() async throws {
    let harness = Harness([json(500, #"{"code":"internal_error","message":"Disk full."}"#)], maxAttempts: 3)
    defer { harness.remove() }
    await #expect(throws: APIError.server(status: 500, message: "Disk full.")) {
      try await MessageClient.live(harness.api).send(1, "hello")
    }
    let request = harness.transport.requests
    #expect(request.count == 1)
    #expect(request.first?.method == "POST" && request.first?.path == "/v1/rooms/1/messages")
    #expect(request.first?.headers == bearer.merging(jsonBody) { $1 })
    #expect(body(request.first) == #"{"text":"hello"}"#)
  }

  @Test func send_returnsTheStoredMessage() async throws {
    let harness = Harness([json(201, messageJSON(9))])
    defer { harness.remove() }
    let message = try await MessageClient.live(harness.api).send(1, "m9")
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

  @Test func followRoom_readsEveryPageWithoutALimitBeforeReportingTheRoomLoaded() async throws {
    // 30 pages: more than any fixed cap on the first read would allow.
    let pages = (0..<30).map { index in
      json(200, pageJSON([2 * index + 1, 2 * index + 2], cursor: 2 * index + 2, hasMore: index < 29))
    }
    let harness = Harness(pages + [json(200, pageJSON([61], cursor: 61))])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 1)
    let client = MessageClient.live(harness.api, sleep: sleeper.sleep)
    var iterator = client.followRoom(1, nil).makeAsyncIterator()
    #expect(try await iterator.next() == .loaded(try decodedMessages(Array(1...60))))
    #expect(try await iterator.next() == .messages(try decodedMessages([61])))
    #expect(harness.transport.requests.map { $0.query["after"] } == [nil] + (1...30).map { String(2 * $0) })
    // Pages while loading follow each other at once; only polls wait.
    #expect(!sleeper.recorded.isEmpty && sleeper.recorded.allSatisfy { $0 == .seconds(2) })
  }

  @Test func followRoom_interruptedWhileLoading_reportsItResumesAndLoadsFromWhereItGot() async throws {
    let harness = Harness([
      json(200, pageJSON([1, 2], cursor: 2, hasMore: true)),
      .fail(.timeout),
      json(200, pageJSON([3], cursor: 3)),
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
        .interrupted(.timeout, retryIn: .seconds(4)), .resumed, .loaded(try decodedMessages([1, 2, 3])),
      ])
    #expect(harness.transport.requests.map { $0.query["after"] } == [nil, "2", "2", "3"])
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
        case .loaded(let batch): updates.append("loaded \(batch.map(\.id.rawValue))")
        case .messages(let batch): updates.append("\(batch.map(\.id.rawValue))")
        case .interrupted(let error, let retryIn): updates.append("interrupted: \(error.message) \(retryIn)")
        case .resumed: updates.append("resumed")
        }
      }
    }
    #expect(
      updates == [
        "loaded []", "[3, 4]", "[5]",
        "interrupted: \(APIError.unreachable("http://127.0.0.1:9").message) 4.0 seconds",
        "interrupted: \(APIError.server(status: 503, message: "busy").message) 5.0 seconds",
        "resumed", "[6]",
      ])
    #expect(harness.transport.requests.map { $0.query["after"] } == ["2", "2", "4", "5", "5", "5", "5", "6"])
    // hasMore: straight on; then the poll interval; two failures: 4 s, then capped at 5 s.
    #expect(
      sleeper.recorded == [.seconds(2), .seconds(2), .seconds(2), .seconds(4), .seconds(5), .seconds(2)])
  }

  @Test func followRoom_cancelled_finishesQuietly() async throws {
    let harness = Harness([json(200, pageJSON([1], cursor: 1))])
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

/// The messages `messageJSON` describes, as the client decodes them.
func decodedMessages(_ ids: [Int]) throws -> [Message] {
  let json = "[" + ids.map(messageJSON).joined(separator: ",") + "]"
  return try WireJSON.decode([Message].self, from: Data(json.utf8))
}
