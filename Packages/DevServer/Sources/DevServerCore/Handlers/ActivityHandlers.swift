import ArtistDataModels
import CommonDataModels
import Foundation

extension BackendCore {
  /// `GET /v1/activity?after=&wait=`: the caller's rooms with news after a cursor.
  ///
  /// With `wait`, a request that finds no news is held (like a room's long poll) until news
  /// arrives or the seconds pass, then answers an empty page; a held request looks for news every
  /// ``longPollCheckInterval`` through one index seek per room of the caller's.
  func listActivity(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    let sentCursor = try Self.integerQuery(request, "after", range: 0...Int64.max)
    let after = sentCursor ?? 0
    let wait = try Self.integerQuery(request, "wait", range: 0...Self.maxWaitSeconds) ?? 0
    var newest: Int64 = 0
    // Without `wait`, one look.
    try Self.holdLongPoll(seconds: wait) {
      newest = try store.newestNewsID(viewer: caller.account)
      return newest > after
    }
    let rooms = newest > after ? try store.activity(viewer: caller.account, after: after) : []
    let cursor = rooms.map(\.newestMessageId).max() ?? sentCursor.map { MessageID($0) }
    return try .json(ActivityPage(rooms: rooms, cursor: cursor))
  }
}
