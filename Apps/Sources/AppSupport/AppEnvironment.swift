import AuthClient
import AuthClientLive
import AuthDataModels
import CommonDataModels
import CommonKit
import DevServerCore
import Foundation
import NetworkProvider
import Synchronization

/// Everything an app talks to, set up and checked: the data folder, the backend (embedded or a
/// server), the API client with this app's saved session.
///
/// ```swift
/// let environment = try await AppEnvironment.start(options, app: arti)
/// let store = Store(initialState: ArtiAppFeature.State()) { ArtiAppFeature() } withDependencies: {
///   environment.installLiveClients(into: &$0)
/// }
/// ```
public struct AppEnvironment: Sendable {
  /// The options the app was started with.
  public let options: AppOptions
  /// The embedded backend, when not talking to a server.
  public let backend: DevBackend?
  /// Where the sessions are kept between launches, one file per account.
  public let sessionStore: SessionStore
  /// What the person who launched the app should know about saved sessions: one was left
  /// alone because a script signs in from its input, or a corrupt one was set aside.
  public let sessionNotice: String?
  /// The API client every live client uses.
  public let api: APIClient

  /// Prepares the data folder, opens the embedded backend or connects to `options.server`,
  /// checks that the backend answers `GET /v1/health` within `healthTimeout`, and picks the saved
  /// session to resume (see ``SessionChoice``): `interactive` is whether a person is at a
  /// terminal, as opposed to a script (plain mode).
  ///
  /// - Throws: ``StartupError`` saying what is wrong: the data folder is a file, cannot be
  ///   created or written; the database cannot be opened; the server cannot be reached or is
  ///   not a fromm server; a script asked with `--user` for a session that is not saved or no
  ///   longer accepted.
  public static func start(
    _ options: AppOptions, app: AppDescription, interactive: Bool = true,
    healthTimeout: Duration = .seconds(5)
  ) async throws(StartupError) -> AppEnvironment {
    do {
      try DataFolder.prepare(options.dataDirectory)
    } catch {
      throw StartupError("\(error.message). Pass another folder with --data DIR.")
    }
    let transport: any Transport
    let backend: DevBackend?
    let description: String
    if let server = options.server {
      transport = URLSessionTransport(baseURL: server)
      backend = nil
      description = server.absoluteString
    } else {
      do {
        let embedded = try DevBackend(dataDirectory: options.dataDirectory)
        backend = embedded
        transport = InProcessTransport(handler: embedded.handler)
      } catch let error as DevBackendError {
        throw StartupError(error.message)
      } catch {
        throw StartupError(
          "The embedded backend cannot open its data in '\(options.dataDirectory.path)': \(error)")
      }
      description = "the embedded backend in '\(options.dataDirectory.path)'"
    }
    try await checkHealth(of: transport, at: description, timeout: healthTimeout)
    let sessions = options.dataDirectory.appendingPathComponent(app.sessionFolderName, isDirectory: true)
    // What listing the sessions finds wrong (a corrupt file set aside) is said with the notice,
    // which the full screen shows; written to standard error now, it would be hidden by it.
    let warnings = Mutex<[String]>([])
    let listing = SessionStore(
      accountsIn: sessions, restoring: nil,
      logger: Logger(label: "session") { line in
        // The message, without the log line's time and level.
        let message = line.range(of: "] warning: ").map { String(line[$0.upperBound...]) } ?? line
        warnings.withLock { $0.append(message) }
      })
    let saved = listing.savedSessions().map(\.username)
    let found = warnings.withLock { $0 }
    let choice: SessionChoice
    do {
      choice = try SessionChoice.decide(
        user: options.user, interactive: interactive, saved: saved, app: app.name,
        dataDirectory: options.dataDirectory.path)
    } catch {
      // A corrupt file set aside is why the session is not saved any more: say so first.
      throw StartupError((found + [error.message]).joined(separator: "\n"))
    }
    let notices = found + (choice.notice.map { [$0] } ?? [])
    let sessionStore = SessionStore(accountsIn: sessions, restoring: choice.account)
    let api = APIClient(transport: transport, sessionStore: sessionStore, cache: CacheManager(directory: nil))
    if let user = options.user, !interactive {
      try await checkSavedSession(of: user, api: api, app: app)
    }
    return AppEnvironment(
      options: options, backend: backend, sessionStore: sessionStore,
      sessionNotice: notices.isEmpty ? nil : notices.joined(separator: "\n"), api: api)
  }

  /// Makes sure the server still accepts `user`'s saved session before a script's first line is
  /// read, so that a script never types its lines into a sign-in prompt it did not expect.
  static func checkSavedSession(
    of user: String, api: APIClient, app: AppDescription
  ) async throws(StartupError) {
    let session: Session?
    do {
      session = try await AuthClient.live(api).restoreSession()
    } catch {
      throw StartupError("The session saved for \(user) could not be checked: \(APIError(error).message)")
    }
    guard let session, session.account.username == user else {
      throw StartupError(
        "The session saved for \(user) is no longer accepted (it expired or was signed out). Sign in "
          + "from the script instead (leave out --user), or once at a terminal with: \(app.name) --user \(user)"
      )
    }
  }

  /// Asks the backend for `GET /v1/health` and expects `200` within `timeout`.
  static func checkHealth(
    of transport: any Transport, at description: String, timeout: Duration
  ) async throws(StartupError) {
    // `race` returns at the deadline even when the transport ignores cancellation (a task group
    // would wait for it).
    let response: WireResponse
    do {
      response = try await race(
        { try await transport.send(WireRequest(method: "GET", path: APIPaths.health)) },
        deadline: { try await Task.sleep(for: timeout) },
        onDeadline: APIError.timeout, onCancel: APIError.cancelled)
    } catch APIError.timeout {
      throw StartupError(
        "The server at \(description) did not answer within \(timeout). "
          + "Check that it is running, or leave out --server to use the embedded backend.")
    } catch {
      throw StartupError(
        "\(APIError(error).message) (Start one with: swift run --package-path Packages/DevServer fromm-server, "
          + "or leave out --server to use the embedded backend.)")
    }
    guard response.status == 200 else {
      throw StartupError(
        "The server at \(description) answered the health check with status \(response.status); "
          + "is it a fromm-server? Check the --server URL.")
    }
  }
}
