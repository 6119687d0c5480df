import ArtistClient
import ArtistClientLive
import AuthClient
import AuthClientLive
import DevServerCore
import Foundation
import MessageClient
import MessageClientLive
import NetworkProvider
import ProfileClient
import ProfileClientLive

/// The real dev backend in a fresh temporary data folder, reached in-process like the apps'
/// embedded default.
final class Backend: Sendable {
  let folder: URL
  let backend: DevBackend

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
    backend = try DevBackend(dataDirectory: folder)
  }

  /// One app's view: its own session file and cache in the shared data folder.
  func app(_ name: String) -> App {
    let store = SessionStore(directory: folder, fileName: "\(name)-session.json")
    let cache = CacheManager(directory: folder.appendingPathComponent("cache-\(name)"))
    let api = APIClient(
      transport: InProcessTransport(handler: backend.handler), sessionStore: store, cache: cache)
    return App(api: api, store: store)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// The four Live clients of one app over one `APIClient`.
struct App {
  let api: APIClient
  let store: SessionStore
  var auth: AuthClient { .live(api) }
  var artists: ArtistClient { .live(api) }
  var messages: MessageClient { .live(api, pollInterval: .milliseconds(20)) }
  var profile: ProfileClient { .live(api) }
}

let demoPassword = "fromm-demo-1"
