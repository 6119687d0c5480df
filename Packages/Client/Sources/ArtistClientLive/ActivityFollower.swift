import ArtistClient
import ArtistDataModels
import CommonDataModels
import NetworkProvider

/// Follows the news in the caller's rooms: reads every room's news once (no cursor) and reports
/// it as `.loaded`, then long-polls after the cursor and reports each room that changes.
///
/// Each poll asks the server to hold the request until news arrives (`wait`), so a change
/// arrives as soon as the server has it and an idle app costs the server one parked request;
/// after an empty answer it pauses for `pollInterval`, so a server that answers at once is not
/// asked in a tight loop.
///
/// Transient failures (unreachable, timeout, 5xx) are reported (`.interrupted`, with the wait
/// before the next try), back off and go on from the same cursor, so nothing that arrived in
/// the meantime is missed; the first answer after them is reported too (`.resumed`). Failures
/// that retrying cannot fix (401, 403, an unreadable answer) end the stream with that error;
/// cancellation ends it quietly.
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
    var failures = 0
    while !Task.isCancelled {
      let wait: Duration
      do {
        let page = try await fetch(cursor, loaded)
        if failures > 0 { continuation.yield(.resumed) }
        failures = 0
        cursor = [cursor, page.cursor].compactMap { $0 }.max()
        if !loaded {
          loaded = true
          continuation.yield(.loaded(page.rooms))
          wait = .zero
        } else if page.rooms.isEmpty {
          wait = pollInterval
        } else {
          continuation.yield(.changed(page.rooms))
          wait = .zero
        }
      } catch {
        let apiError = APIError(error)
        if apiError == .cancelled || Task.isCancelled { break }
        guard apiError.isTransient else {
          continuation.finish(throwing: apiError)
          return
        }
        failures += 1
        wait = Backoff(first: pollInterval * 2, max: maxBackoff).wait(afterFailures: failures)
        continuation.yield(.interrupted(apiError, retryIn: wait))
      }
      if wait > .zero {
        do { try await sleep(wait) } catch { break }
      }
    }
    continuation.finish()
  }
}
