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
  ///   - longPollWait: How long the server may hold one of ``MessageClient/followRoom``'s polls
  ///     while no message arrives (whole seconds; keep it below `api`'s timeout).
  ///   - pollInterval: The pause after a poll that brought nothing, so a server that does not
  ///     hold polls is not asked in a tight loop.
  ///   - maxBackoff: The longest wait between polls while the server fails (the wait doubles
  ///     from twice `pollInterval` on each failure in a row).
  ///   - sleep: Waits between polls; tests pass one they control.
  public static func live(
    _ api: APIClient, longPollWait: Duration = .seconds(4), pollInterval: Duration = .milliseconds(250),
    maxBackoff: Duration = .seconds(30),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> MessageClient {
    let waitSeconds = String(max(longPollWait.components.seconds, 0))
    @Sendable func page(_ artistId: AccountID, after: MessageID?, wait: Bool) async throws -> MessagePage {
      var query = ["limit": String(pageSize)]
      if let after { query["after"] = String(after.rawValue) }
      if wait { query["wait"] = waitSeconds }
      // Reading a room marks its broadcasts read, so the cached artist list's unread counts go stale.
      let endpoint = Endpoint<MessagePage>(
        .get, APIPaths.messages(artistID: artistId), query: query, invalidates: [APIPaths.artists])
      return try await api.send(endpoint)
    }
    @Sendable func history(
      _ artistId: AccountID, before: MessageID?, containing text: String? = nil
    )
      async throws -> HistoryPage
    {
      var query = ["limit": String(pageSize)]
      if let before { query["before"] = String(before.rawValue) }
      if let text { query["q"] = text }
      // Paging back marks the room read (a search does not, and changes nothing).
      let endpoint = Endpoint<HistoryPage>(
        .get, text == nil ? APIPaths.history(artistID: artistId) : APIPaths.search(artistID: artistId),
        query: query, invalidates: text == nil ? [APIPaths.artists] : [])
      return try await api.send(endpoint)
    }
    return MessageClient(
      messages: { artistId, after in try await page(artistId, after: after, wait: false) },
      olderMessages: { artistId, before in try await history(artistId, before: before) },
      send: { artistId, text, key in
        let endpoint = Endpoint<Message>(
          .post, APIPaths.messages(artistID: artistId), body: SendMessageRequest(text: text),
          invalidates: [APIPaths.artists], headers: [APIHeaders.idempotencyKey: key.uuidString])
        return try await api.send(endpoint)
      },
      deleteMessage: { artistId, messageId in
        // A deleted broadcast was maybe unread: the cached unread counts go stale.
        let endpoint = Endpoint<NoContent>(
          .delete, APIPaths.message(artistID: artistId, messageID: messageId), invalidates: [APIPaths.artists]
        )
        _ = try await api.send(endpoint)
      },
      search: { artistId, text, before in try await history(artistId, before: before, containing: text) },
      followRoom: { artistId, after in
        AsyncThrowingStream { continuation in
          let follower = RoomFollower(
            cursor: after, pollInterval: pollInterval, maxBackoff: maxBackoff, sleep: sleep,
            fetchNewest: { try await history(artistId, before: nil) },
            fetchAfter: { try await page(artistId, after: $0, wait: $1) })
          let task = Task { await follower.run(into: continuation) }
          continuation.onTermination = { _ in task.cancel() }
        }
      }
    )
  }
}
