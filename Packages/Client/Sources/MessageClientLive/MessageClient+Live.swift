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
  ///   - pollInterval: How long ``MessageClient/followRoom`` waits between polls while all is well.
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
      followRoom: { artistId, after in
        AsyncThrowingStream { continuation in
          let follower = RoomFollower(
            artistId: artistId, cursor: after, pollInterval: pollInterval, maxBackoff: maxBackoff,
            sleep: sleep, fetch: page)
          let task = Task { await follower.run(into: continuation) }
          continuation.onTermination = { _ in task.cancel() }
        }
      }
    )
  }
}
