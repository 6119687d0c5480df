import ArtistDataModels
import CommonDataModels
import Dependencies
import Foundation

extension ArtistClient {
  /// The preview artists: the dev backend's demo artists, the fan subscribed to IU only.
  public static let previewArtists: [ArtistSummary] = [
    ArtistSummary(
      id: 3, username: "akmu", displayName: "AKMU", statusMessage: "New single out Friday!",
      subscriberCount: 812, isSubscribed: false, unreadCount: 0,
      lastBroadcastAt: Date(timeIntervalSince1970: 1_790_000_000)),
    ArtistSummary(
      id: 1, username: "iu_official", displayName: "IU", statusMessage: "Thank you for waiting 💜",
      subscriberCount: 2_043, isSubscribed: true, unreadCount: 3,
      lastBroadcastAt: Date(timeIntervalSince1970: 1_790_100_000)),
    ArtistSummary(
      id: 2, username: "taeyeon", displayName: "TAEYEON", statusMessage: "",
      subscriberCount: 1_520, isSubscribed: false, unreadCount: 0, lastBroadcastAt: nil),
  ]

  /// The preview subscribers of every artist: the dev backend's demo fans.
  public static let previewSubscribers: [Subscriber] = [
    Subscriber(
      id: 4, username: "demo_fan", displayName: "Demo Fan",
      subscribedAt: Date(timeIntervalSince1970: 1_789_000_000)),
    Subscriber(
      id: 5, username: "minji_fan", displayName: "민지",
      subscribedAt: Date(timeIntervalSince1970: 1_789_500_000)),
  ]

  /// An in-memory client over `artists`; subscribing changes `isSubscribed` and the count, an
  /// unknown artist is refused like the server does. Each call takes `latency` on
  /// `@Dependency(\.continuousClock)`.
  public static func preview(
    artists: [ArtistSummary] = previewArtists, subscribers: [Subscriber] = previewSubscribers,
    latency: Duration = .milliseconds(200)
  ) -> ArtistClient {
    let world = LockIsolated(artists)
    @Sendable func travel() async throws {
      @Dependency(\.continuousClock) var clock
      // Zero latency means no wait: a test clock holds even a zero sleep until it is advanced.
      if latency > .zero { try await clock.sleep(for: latency) }
    }
    @Sendable func set(_ artistId: AccountID, subscribed: Bool) throws -> SubscriptionStatus {
      try world.withValue { artists in
        guard let index = artists.firstIndex(where: { $0.id == artistId }) else {
          throw APIError.rejected(code: "not_found", message: "There is no artist with id \(artistId).")
        }
        if artists[index].isSubscribed != subscribed {
          artists[index].isSubscribed = subscribed
          artists[index].subscriberCount += subscribed ? 1 : -1
          if !subscribed { artists[index].unreadCount = 0 }
        }
        let artist = artists[index]
        return SubscriptionStatus(
          artistId: artist.id, isSubscribed: artist.isSubscribed, subscriberCount: artist.subscriberCount)
      }
    }
    return ArtistClient(
      artists: {
        try await travel()
        return world.value
      },
      subscribe: { artistId in
        try await travel()
        return try set(artistId, subscribed: true)
      },
      unsubscribe: { artistId in
        try await travel()
        return try set(artistId, subscribed: false)
      },
      subscribers: { _ in
        try await travel()
        return subscribers
      },
      followActivity: {
        // Nothing posts in the preview world: every room's count once, then news never comes.
        AsyncThrowingStream { continuation in
          let task = Task {
            do { try await travel() } catch { return continuation.finish() }
            let rooms = world.value.filter { $0.isSubscribed && $0.unreadCount > 0 }.map { artist in
              RoomActivity(
                artistId: artist.id, newestMessageId: MessageID(Int64(artist.unreadCount)),
                newMessageCount: artist.unreadCount, unreadCount: artist.unreadCount)
            }
            continuation.yield(.loaded(rooms))
          }
          continuation.onTermination = { _ in task.cancel() }
        }
      }
    )
  }
}
