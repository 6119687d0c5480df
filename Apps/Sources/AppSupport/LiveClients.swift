import ArtistClient
import ArtistClientLive
import AuthClient
import AuthClientLive
import ComposableArchitecture
import MessageClient
import MessageClientLive
import MessageRoom
import ProfileClient
import ProfileClientLive

extension AppEnvironment {
  /// Puts the live clients, all talking through ``api``, into `dependencies`: the only place
  /// the apps are wired to the real backend. Unsent messages are kept in the data folder.
  public func installLiveClients(into dependencies: inout DependencyValues) {
    dependencies.authClient = .live(api)
    dependencies.artistClient = .live(api)
    dependencies.messageClient = .live(api)
    dependencies.profileClient = .live(api)
    dependencies.unsentStore = .files(
      in: options.dataDirectory.appendingPathComponent("unsent", isDirectory: true))
  }
}
