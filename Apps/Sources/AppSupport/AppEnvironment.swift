import CommonDataModels
import CommonKit
import DevServerCore
import Foundation
import NetworkProvider

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
  /// Where the session is kept between launches.
  public let sessionStore: SessionStore
  /// The API client every live client uses.
  public let api: APIClient
  /// Where the backend is, for messages: the server's URL or the data folder.
  public let backendDescription: String

  /// Prepares the data folder, opens the embedded backend or connects to `options.server`, and
  /// checks that the backend answers `GET /v1/health` within `healthTimeout`.
  ///
  /// - Throws: ``StartupError`` saying what is wrong: the data folder is a file, cannot be
  ///   created or written; the database cannot be opened; the server cannot be reached or is
  ///   not a fromm server.
  public static func start(
    _ options: AppOptions, app: AppDescription, healthTimeout: Duration = .seconds(5)
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
      let embedded: DevBackend
      do {
        embedded = try DevBackend(dataDirectory: options.dataDirectory)
      } catch let error as DevBackendError {
        throw StartupError(error.message)
      } catch {
        throw StartupError(
          "The embedded backend cannot open its data in '\(options.dataDirectory.path)': \(error)")
      }
      backend = embedded
      transport = InProcessTransport(handler: embedded.handler)
      description = "the embedded backend in '\(options.dataDirectory.path)'"
    }
    try await checkHealth(of: transport, at: description, timeout: healthTimeout)
    let sessionStore = SessionStore(directory: options.dataDirectory, fileName: app.sessionFileName)
    let api = APIClient(transport: transport, sessionStore: sessionStore, cache: CacheManager(directory: nil))
    return AppEnvironment(
      options: options, backend: backend, sessionStore: sessionStore, api: api,
      backendDescription: description)
  }

  /// Asks the backend for `GET /v1/health` and expects `200` within `timeout`.
  static func checkHealth(
    of transport: any Transport, at description: String, timeout: Duration
  ) async throws(StartupError) {
    // `race` returns at the deadline even when the transport ignores cancellation (a task group
    // would wait for it).
    let outcome: Result<WireResponse, APIError>?
    do {
      outcome = .success(
        try await race(
          { try await transport.send(WireRequest(method: "GET", path: APIPaths.health)) },
          deadline: { try await Task.sleep(for: timeout) },
          onDeadline: APIError.timeout, onCancel: APIError.cancelled))
    } catch APIError.timeout {
      outcome = nil
    } catch {
      outcome = .failure(APIError(error))
    }
    switch outcome {
    case .success(let response) where response.status == 200:
      return
    case .success(let response):
      throw StartupError(
        "The server at \(description) answered the health check with status \(response.status); "
          + "is it a fromm-server? Check the --server URL.")
    case .failure(let error):
      throw StartupError(
        "\(error.message) (Start one with: swift run --package-path Packages/DevServer fromm-server, "
          + "or leave out --server to use the embedded backend.)")
    case nil:
      throw StartupError(
        "The server at \(description) did not answer within \(timeout). "
          + "Check that it is running, or leave out --server to use the embedded backend.")
    }
  }
}
