import ArtistClient
import ArtistClientLive
import AuthClient
import AuthClientLive
import CommonDataModels
import ComposableArchitecture
import DevServerCore
import FanArtistList
import FanCoordinator
import FanRoom
import Foundation
import MessageClient
import MessageClientLive
import MessageRoom
import NetworkProvider
import Synchronization
import Testing

/// The fan app's requests to the embedded backend while a room is open: the room's poll is the
/// only one, so each message arrives as one response, and the list follows again once it is back.
@MainActor
struct OpenRoomRequestTests {
  @Test(.timeLimit(.minutes(2))) func roomOpen_messagesArrive_noActivityRequestUntilTheListIsBackWithTheNews()
    async throws
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fan-requests-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let backend = try DevBackend(dataDirectory: folder)
    let requests = CountingTransport(InProcessTransport(handler: backend.handler))
    let fan = APIClient(
      transport: requests, sessionStore: SessionStore(directory: folder, fileName: "fan.json"),
      cache: CacheManager(directory: nil))
    let artistAPI = APIClient(
      transport: InProcessTransport(handler: backend.handler),
      sessionStore: SessionStore(directory: folder, fileName: "artist.json"),
      cache: CacheManager(directory: nil))
    let session = try await AuthClient.live(fan).signIn("demo_fan", "fromm-demo-1")
    let iu = try await AuthClient.live(artistAPI).signIn("iu_official", "fromm-demo-1").account.id
    let store = Store(
      initialState: FanAppFeature.State(
        signIn: nil, account: session.account, artists: ArtistListFeature.State())
    ) {
      FanAppFeature()
    } withDependencies: {
      $0.artistClient = .live(fan)
      $0.messageClient = .live(fan)
    }

    store.send(.artists(.view(.task)))
    await store.wait("the list loads and follows activity") {
      $0.artists?.artists[id: iu] != nil && requests.count("/v1/activity") > 0
    }
    store.send(.artists(.view(.openTapped(iu))))
    await store.wait("the room loads") {
      guard case .room(let room) = $0.destination else { return false }
      return room.room.feed.hasLoaded
    }
    let activityBefore = requests.count("/v1/activity")
    let sent = 5
    for number in 1...sent {
      let text = "One response each \(number)"
      _ = try await MessageClient.live(artistAPI).send(iu, text, UUID())
      await store.wait("message \(number) arrives in the room") {
        guard case .room(let room) = $0.destination else { return false }
        return room.room.feed.messages.contains { $0.text == text }
      }
    }
    #expect(requests.count("/v1/activity") == activityBefore)

    // Back on the list: following starts again, with a fresh read that has the room read.
    store.send(.destination(.presented(.room(.view(.backTapped)))))
    await store.wait("the list follows again") {
      $0.destination == nil && requests.count("/v1/activity") > activityBefore
    }
    #expect(store.state.artists?.artists[id: iu]?.unreadCount == 0)
  }
}

/// A transport that counts the requests it passes on, by path prefix.
final class CountingTransport: Transport {
  private let base: any Transport
  private let paths = Mutex<[String]>([])

  init(_ base: any Transport) { self.base = base }

  func send(_ request: WireRequest) async throws -> WireResponse {
    paths.withLock { $0.append(request.path) }
    return try await base.send(request)
  }

  /// How many requests went to a path starting with `prefix`.
  nonisolated func count(_ prefix: String) -> Int {
    paths.withLock { $0.filter { $0.hasPrefix(prefix) }.count }
  }
}

extension Store where State == FanAppFeature.State, Action == FanAppFeature.Action {
  /// Returns once `condition` holds (the test's time limit fails one that never does).
  func wait(_ what: String, until condition: (State) -> Bool) async {
    for await state in states where condition(state) { return }
    Issue.record("The store went away before \(what).")
  }
}
