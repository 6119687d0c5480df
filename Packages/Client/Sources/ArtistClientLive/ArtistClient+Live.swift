import ArtistClient
import ArtistDataModels
import CommonDataModels
import LongPoll
import NetworkProvider

extension ArtistClient {
  /// How long the artist list may be served from the cache: short, because unread counts move.
  public static let artistListCacheTTL: Duration = .seconds(5)

  /// The client that talks to the API through `api`.
  ///
  /// The list is cached briefly; subscribing or unsubscribing makes the cached list and profile
  /// stale at once (they show subscription state and counts), and so does news in a room
  /// (unread counts).
  ///
  /// - Parameters:
  ///   - longPollWait: How long the server may hold one of ``ArtistClient/followActivity``'s
  ///     polls while no news arrives (whole seconds; keep it below `api`'s timeout).
  ///   - pollInterval: The pause after a poll that brought nothing, so a server that does not
  ///     hold polls is not asked in a tight loop.
  ///   - maxBackoff: The longest wait between polls while the server fails (the wait doubles
  ///     from twice `pollInterval` on each failure in a row).
  ///   - sleep: Waits between polls; tests pass one they control.
  public static func live(
    _ api: APIClient, longPollWait: Duration = .seconds(4), pollInterval: Duration = .milliseconds(250),
    maxBackoff: Duration = .seconds(30),
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) -> ArtistClient {
    let waitSeconds = String(max(longPollWait.components.seconds, 0))
    @Sendable func activity(after: MessageID?, wait: Bool) async throws -> ActivityPage {
      var query: [String: String] = [:]
      if let after { query["after"] = String(after.rawValue) }
      if wait { query["wait"] = waitSeconds }
      // News changes unread counts, so a cached artist list is stale once this answers.
      let endpoint = Endpoint<ActivityPage>(
        .get, APIPaths.activity, query: query, invalidates: [APIPaths.artists])
      return try await api.send(endpoint)
    }
    @Sendable func subscription(
      _ method: HTTPMethod, _ artistId: AccountID
    ) async throws -> SubscriptionStatus {
      let endpoint = Endpoint<SubscriptionStatus>(
        method, APIPaths.subscription(artistID: artistId), invalidates: [APIPaths.artists, APIPaths.profile])
      return try await api.send(endpoint)
    }
    return ArtistClient(
      artists: {
        try await api.send(Endpoint<ArtistList>(.get, APIPaths.artists, cacheTTL: artistListCacheTTL)).artists
      },
      subscribe: { artistId in try await subscription(.put, artistId) },
      unsubscribe: { artistId in try await subscription(.delete, artistId) },
      subscribers: { artistId in
        try await api.send(Endpoint<SubscriberList>(.get, APIPaths.subscribers(artistID: artistId)))
          .subscribers
      },
      followActivity: {
        AsyncThrowingStream { continuation in
          let task = Task {
            // Every room's news once (no cursor) as `.loaded`; then each poll, held by the server
            // until there is news, reports the rooms that changed, so news arrives as soon as the
            // server has it and an idle app costs the server one parked request. After an empty
            // answer it pauses for `pollInterval`: a server that answers at once is not asked in
            // a tight loop.
            var cursor: MessageID?
            var loaded = false
            await followWithBackoff(
              into: continuation, interrupted: ActivityUpdate.interrupted, resumed: .resumed,
              backoff: Backoff(first: pollInterval * 2, max: maxBackoff).wait(afterFailures:), sleep: sleep,
              fetch: { try await activity(after: cursor, wait: loaded) },
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
          continuation.onTermination = { _ in task.cancel() }
        }
      }
    )
  }
}
