import ArtistDataModels
import CommonDataModels
import Foundation
import Synchronization

extension BackendCore {
  /// `GET /v1/activity?after=&wait=`: the caller's rooms with news after a cursor.
  ///
  /// With `wait`, a request that finds no news is held (like a room's long poll) until news
  /// arrives or the seconds pass, then answers an empty page; a held request looks for news
  /// after each commit through one index seek per room of the caller's.
  /// A held request holds no thread: it returns `nil` and answers `later`.
  func listActivity(_ request: RouteRequest, later: @escaping RouteOutcome) throws -> WireResponse? {
    let caller = try authenticate(request)
    let sentCursor = try request.integerQuery("after", range: 0...Int64.max)
    let after = sentCursor ?? 0
    let wait = try request.integerQuery("wait", range: 0...Self.maxWaitSeconds) ?? 0
    // The newest news seen by the last look, which the answer then reads up to.
    let newest = Mutex<Int64>(0)
    return try answerLongPoll(
      seconds: wait, later: later,
      isReady: { [store] in
        let found = try store.newestNewsID(viewer: caller.account)
        newest.withLock { $0 = found }
        return found > after
      },
      respond: { [store] in
        let rooms =
          newest.withLock { $0 } > after ? try store.activity(viewer: caller.account, after: after) : []
        let cursor = rooms.map(\.newestMessageId).max() ?? sentCursor.map { MessageID($0) }
        return try .json(ActivityPage(rooms: rooms, cursor: cursor))
      })
  }
}
