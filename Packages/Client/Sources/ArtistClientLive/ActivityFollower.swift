import ArtistClient
import ArtistDataModels
import CommonDataModels
import LongPoll
import NetworkProvider

/// Follows the news in the caller's rooms: reads every room's news once (no cursor) and reports
/// it as `.loaded`, then long-polls after the cursor and reports each room that changes.
///
/// Each poll asks the server to hold the request until news arrives (`wait`), so a change
/// arrives as soon as the server has it and an idle app costs the server one parked request;
/// after an empty answer it pauses for `pollInterval`, so a server that answers at once is not
/// asked in a tight loop.
/// Failures that may pass back off and say so (`followWithBackoff`).
struct ActivityFollower: Sendable {
  let pollInterval: Duration
  let maxBackoff: Duration
  let sleep: @Sendable (Duration) async throws -> Void
  /// The rooms with news after a cursor (all of them for `nil`); `wait` holds the request until
  /// there is news.
  let fetch: @Sendable (_ after: MessageID?, _ wait: Bool) async throws -> ActivityPage

  func run(into continuation: AsyncThrowingStream<ActivityUpdate, any Error>.Continuation) async {
    var cursor: MessageID?
    var loaded = false
    await followWithBackoff(
      into: continuation, interrupted: ActivityUpdate.interrupted, resumed: .resumed,
      backoff: Backoff(first: pollInterval * 2, max: maxBackoff).wait(afterFailures:), sleep: sleep,
      fetch: { try await fetch(cursor, loaded) },
      handle: { page in
        cursor = [cursor, page.cursor].compactMap { $0 }.max()
        if !loaded {
          loaded = true
          continuation.yield(.loaded(page.rooms))
          return .zero
        }
        guard !page.rooms.isEmpty else { return pollInterval }
        continuation.yield(.changed(page.rooms))
        return .zero
      })
  }
}
