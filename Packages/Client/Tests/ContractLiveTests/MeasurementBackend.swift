import CommonKit
import DevServerCore
import DevServerHTTP
import Foundation
import NetworkProvider

/// A dev backend in a scratch folder for the latency measurements, reached in process (the apps'
/// default) or over HTTP on loopback, with an API client per account.
final class MeasurementBackend {
  let folder: URL
  private let backend: DevBackend
  private let server: HTTPServer?
  private let transport: any Transport

  init(name: String, http: Bool) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    backend = try DevBackend(dataDirectory: folder)
    guard http else {
      server = nil
      transport = InProcessTransport(handler: backend.handler)
      return
    }
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    // One line per request would bury the figures.
    let server = HTTPServer(
      configuration: configuration, logger: Logger(label: "fromm-server", minimumLevel: .error),
      respond: backend.handle)
    self.server = server
    let port = try server.start()
    guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw CancellationError() }
    transport = URLSessionTransport(baseURL: url)
  }

  /// A client with a session file of its own, named `account`.
  func api(_ account: String) -> APIClient {
    APIClient(
      transport: transport, sessionStore: SessionStore(directory: folder, fileName: "\(account).json"),
      cache: CacheManager(directory: nil))
  }

  /// Stops the server, if any, and deletes the folder.
  func remove() {
    server?.shutdown(gracePeriod: .seconds(1))
    try? FileManager.default.removeItem(at: folder)
  }
}
