import CommonDataModels
import MessageClient
import MessageDataModels
import NetworkProvider

extension MessageClient {
  /// How many messages one request asks for.
  public static let pageSize = 100

  /// The client that talks to the API through `api`.
  ///
  /// - Parameters:
  ///   - pollInterval: How long ``updates`` waits between polls while all is well.
  ///   - maxBackoff: The longest wait between polls while the server fails (the wait doubles
  ///     from `pollInterval` on each failure in a row).
  ///   - sleep: Waits between polls; tests pass one they control.
  public static func live(
    _ api: APIClient, pollInterval: Duration = .seconds(2), maxBackoff: Duration = .seconds(30),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> MessageClient {
    @Sendable func page(_ artistId: AccountID, after: MessageID?) async throws -> MessagePage {
      var query = ["limit": String(pageSize)]
      if let after { query["after"] = String(after.rawValue) }
      // Reading a room marks its broadcasts read, so the cached artist list's unread counts go stale.
      let endpoint = Endpoint<MessagePage>(
        .get, APIPaths.messages(artistID: artistId), query: query, invalidates: [APIPaths.artists])
      return try await api.send(endpoint)
    }
    return MessageClient(
      messages: { artistId, after in try await page(artistId, after: after) },
      send: { artistId, text in
        let endpoint = Endpoint<Message>(
          .post, APIPaths.messages(artistID: artistId), body: SendMessageRequest(text: text),
          invalidates: [APIPaths.artists])
        return try await api.send(endpoint)
      },
      updates: { artistId, after in
        AsyncThrowingStream { continuation in
          let poller = MessagePoller(
            artistId: artistId, cursor: after, pollInterval: pollInterval, maxBackoff: maxBackoff,
            sleep: sleep,
            fetch: page)
          let task = Task { await poller.run(into: continuation) }
          continuation.onTermination = { _ in task.cancel() }
        }
      }
    )
  }
}

/// Polls a room for messages after a cursor, yielding each non-empty batch of new ones.
///
/// Transient failures (unreachable, timeout, 5xx) are reported (`.interrupted`, with the wait
/// before the next try), back off and keep polling, and the first answer after them is reported
/// too (`.resumed`); failures that polling cannot fix (401, 403, 404, an unreadable answer) end
/// the stream with that error; cancellation ends it quietly.
struct MessagePoller: Sendable {
  let artistId: AccountID
  var cursor: MessageID?
  let pollInterval: Duration
  let maxBackoff: Duration
  let sleep: @Sendable (Duration) async throws -> Void
  let fetch: @Sendable (AccountID, MessageID?) async throws -> MessagePage

  func run(into continuation: AsyncThrowingStream<RoomUpdate, any Error>.Continuation) async {
    var cursor = cursor
    var failures = 0
    while !Task.isCancelled {
      let wait: Duration
      do {
        let page = try await fetch(artistId, cursor)
        if failures > 0 { continuation.yield(.resumed) }
        failures = 0
        let fresh = page.messages.filter { message in cursor.map { message.id > $0 } ?? true }
        if !fresh.isEmpty { continuation.yield(.messages(fresh)) }
        cursor = [cursor, page.cursor, fresh.last?.id].compactMap { $0 }.max()
        // More are waiting: fetch them now rather than after a poll interval.
        wait = page.hasMore && !fresh.isEmpty ? .zero : pollInterval
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
