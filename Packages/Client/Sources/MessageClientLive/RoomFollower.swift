import CommonDataModels
import MessageClient
import MessageDataModels
import NetworkProvider

/// Follows a room from a cursor: reads every page after it and reports them as one
/// `.loaded`, then polls for newer messages and reports each non-empty batch.
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
  let fetch: @Sendable (AccountID, MessageID?) async throws -> MessagePage

  func run(into continuation: AsyncThrowingStream<RoomUpdate, any Error>.Continuation) async {
    var cursor = cursor
    // The pages read so far while loading; `nil` once `.loaded` has been reported.
    var loading: [Message]? = []
    var failures = 0
    while !Task.isCancelled {
      let wait: Duration
      do {
        let page = try await fetch(artistId, cursor)
        if failures > 0 { continuation.yield(.resumed) }
        failures = 0
        let fresh = page.messages.filter { message in cursor.map { message.id > $0 } ?? true }
        cursor = [cursor, page.cursor, fresh.last?.id].compactMap { $0 }.max()
        // More are waiting: fetch them now rather than after a poll interval.
        let hasMore = page.hasMore && !fresh.isEmpty
        if let read = loading {
          loading = read + fresh
          if !hasMore {
            continuation.yield(.loaded(read + fresh))
            loading = nil
          }
        } else if !fresh.isEmpty {
          continuation.yield(.messages(fresh))
        }
        wait = hasMore ? .zero : pollInterval
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
