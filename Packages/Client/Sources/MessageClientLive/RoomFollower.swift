import CommonDataModels
import MessageClient
import MessageDataModels
import NetworkProvider

/// Follows a room: reads it (its newest page when there is no cursor, else every page after the
/// cursor) and reports that as one `.loaded`, then long-polls for newer messages and reports each
/// non-empty batch.
///
/// Each poll asks the server to hold the request until a message arrives (`wait`), so a new
/// message arrives as soon as the server has it; after an empty answer it pauses for
/// `pollInterval`, so a server that answers at once is not asked in a tight loop.
///
/// Transient failures (unreachable, timeout, 5xx), while loading or polling, are reported
/// (`.interrupted`, with the wait before the next try), back off and keep going from where the
/// reading got to; the first answer after them is reported too (`.resumed`). Failures that
/// retrying cannot fix (401, 403, 404, an unreadable answer) end the stream with that error;
/// cancellation ends it quietly.
struct RoomFollower: Sendable {
  let artistId: AccountID
  let cursor: MessageID?
  let pollInterval: Duration
  let maxBackoff: Duration
  let sleep: @Sendable (Duration) async throws -> Void
  /// The newest page of the room.
  let fetchNewest: @Sendable (AccountID) async throws -> HistoryPage
  /// The messages after a cursor; `wait` holds the request until one arrives.
  let fetchAfter: @Sendable (AccountID, MessageID?, _ wait: Bool) async throws -> MessagePage

  func run(into continuation: AsyncThrowingStream<RoomUpdate, any Error>.Continuation) async {
    var cursor = cursor
    // The pages read so far while loading after a cursor; `nil` once `.loaded` has been reported.
    var loading: [Message]? = []
    var failures = 0
    while !Task.isCancelled {
      let wait: Duration
      do {
        if cursor == nil, loading != nil {
          let page = try await fetchNewest(artistId)
          if failures > 0 { continuation.yield(.resumed) }
          failures = 0
          continuation.yield(.loaded(page.messages, hasOlder: page.hasOlder))
          loading = nil
          cursor = page.messages.last?.id
          continue
        }
        let page = try await fetchAfter(artistId, cursor, loading == nil)
        if failures > 0 { continuation.yield(.resumed) }
        failures = 0
        let fresh = page.messages.filter { message in cursor.map { message.id > $0 } ?? true }
        cursor = [cursor, page.cursor, fresh.last?.id].compactMap { $0 }.max()
        // More are waiting: fetch them now rather than after a pause.
        let hasMore = page.hasMore && !fresh.isEmpty
        if let read = loading {
          loading = read + fresh
          if !hasMore {
            // Everything before the cursor was read already: nothing older is news.
            continuation.yield(.loaded(read + fresh, hasOlder: false))
            loading = nil
          }
        } else if !fresh.isEmpty {
          continuation.yield(.messages(fresh))
        }
        wait = hasMore || !fresh.isEmpty || loading != nil ? .zero : pollInterval
      } catch {
        let apiError = APIError(error)
        if apiError == .cancelled || Task.isCancelled { break }
        guard apiError.isTransient else {
          continuation.finish(throwing: apiError)
          return
        }
        failures += 1
        wait = backoff(afterFailures: failures)
        continuation.yield(.interrupted(apiError, retryIn: wait))
      }
      if wait > .zero {
        do { try await sleep(wait) } catch { break }
      }
    }
    continuation.finish()
  }

  /// `pollInterval` doubled per failure in a row, at most `maxBackoff`.
  func backoff(afterFailures failures: Int) -> Duration {
    Backoff(first: pollInterval * 2, max: maxBackoff).wait(afterFailures: failures)
  }
}
