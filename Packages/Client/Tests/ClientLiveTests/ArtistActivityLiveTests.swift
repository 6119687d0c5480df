import ArtistClient
import ArtistClientLive
import ArtistDataModels
import CommonDataModels
import Foundation
import NetworkProvider
import Testing

func activityJSON(_ rooms: [(artist: Int, newest: Int, new: Int, unread: Int)], cursor: Int?) -> String {
  let items = rooms.map { room in
    #"{"artistId":\#(room.artist),"newMessageCount":\#(room.new),"newestMessageId":\#(room.newest),"unreadCount":\#(room.unread)}"#
  }
  return #"{"cursor":\#(cursor.map(String.init) ?? "null"),"rooms":[\#(items.joined(separator: ","))]}"#
}

@Suite struct ArtistActivityLiveTests {
  @Test func followActivity_loadsEveryRoomThenLongPollsAfterTheCursor() async throws {
    let harness = Harness([
      json(200, activityJSON([(1, 10, 3, 2), (2, 8, 1, 1)], cursor: 10)),
      json(200, activityJSON([(2, 11, 1, 2)], cursor: 11)),
      json(200, activityJSON([], cursor: 11)),
    ])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 0)
    let client = ArtistClient.live(
      harness.api, longPollWait: .seconds(6), pollInterval: .milliseconds(300), sleep: sleeper.sleep)
    var iterator = client.followActivity().makeAsyncIterator()
    #expect(
      try await iterator.next()
        == .loaded([
          RoomActivity(artistId: 1, newestMessageId: 10, newMessageCount: 3, unreadCount: 2),
          RoomActivity(artistId: 2, newestMessageId: 8, newMessageCount: 1, unreadCount: 1),
        ]))
    #expect(
      try await iterator.next()
        == .changed([RoomActivity(artistId: 2, newestMessageId: 11, newMessageCount: 1, unreadCount: 2)]))
    while sleeper.recorded.isEmpty { await Task.yield() }
    #expect(
      harness.transport.requests == [
        WireRequest(method: "GET", path: "/v1/activity", query: [:], headers: bearer),
        WireRequest(
          method: "GET", path: "/v1/activity", query: ["after": "10", "wait": "6"], headers: bearer),
        WireRequest(
          method: "GET", path: "/v1/activity", query: ["after": "11", "wait": "6"], headers: bearer),
      ])
    // A poll that brought news is followed by the next at once; an empty one pauses.
    #expect(sleeper.recorded == [.milliseconds(300)])
  }

  @Test func followActivity_serverFails_reportsItBacksOffKeepsTheCursorThenEndsOn401() async throws {
    let harness = Harness([
      json(200, activityJSON([], cursor: nil)),
      .fail(.unreachable("http://127.0.0.1:9")),
      json(503, #"{"code":"service_unavailable","message":"busy"}"#),
      json(200, activityJSON([(3, 4, 1, 1)], cursor: 4)),
      json(401, #"{"code":"unauthorized","message":"Sign in again."}"#),
    ])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 10)
    let client = ArtistClient.live(
      harness.api, pollInterval: .seconds(2), maxBackoff: .seconds(5), sleep: sleeper.sleep)
    var updates: [ActivityUpdate] = []
    await #expect(throws: APIError.unauthorized("Sign in again.")) {
      for try await update in client.followActivity() { updates.append(update) }
    }
    #expect(
      updates == [
        .loaded([]),
        .interrupted(.unreachable("http://127.0.0.1:9"), retryIn: .seconds(4)),
        .interrupted(.server(status: 503, message: "busy"), retryIn: .seconds(5)),
        .resumed,
        .changed([RoomActivity(artistId: 3, newestMessageId: 4, newMessageCount: 1, unreadCount: 1)]),
      ])
    // No news at all yet: the polls after the first ask without a cursor, held by the server.
    #expect(harness.transport.requests.map { $0.query["after"] } == [nil, nil, nil, nil, "4"])
    #expect(harness.transport.requests.dropFirst().allSatisfy { $0.query["wait"] == "4" })
    #expect(sleeper.recorded == [.seconds(4), .seconds(5)])
  }

  @Test func followActivity_cancelled_endsQuietly() async throws {
    let harness = Harness([json(200, activityJSON([], cursor: 1)), json(200, activityJSON([], cursor: 1))])
    defer { harness.remove() }
    let sleeper = PollSleeper(limit: 0)
    let client = ArtistClient.live(harness.api, pollInterval: .seconds(1), sleep: sleeper.sleep)
    let task = Task {
      var count = 0
      for try await _ in client.followActivity() { count += 1 }
      return count
    }
    while sleeper.recorded.isEmpty { await Task.yield() }
    task.cancel()
    #expect(try await task.value == 1)
  }
}
