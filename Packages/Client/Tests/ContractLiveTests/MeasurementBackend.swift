import CommonDataModels
import CommonKit
import DevServerCore
import DevServerHTTP
import Foundation
import NetworkProvider
import Synchronization

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
      respondNowOrLater: backend.handle(_:later:))
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

/// When each message reached the follower being measured.
final class ArrivalLog: Sendable {
  private let arrivals = Mutex<[MessageID: ContinuousClock.Instant]>([:])
  /// Told after each record, so a wait for the last arrival wakes when it comes, not on a poll.
  private let recorded = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))

  /// Notes that `ids` arrived now.
  func record(_ ids: some Sequence<MessageID>) {
    let now = ContinuousClock.now
    arrivals.withLock { for id in ids { $0[id] = now } }
    recorded.continuation.yield()
  }

  /// Sends `count` messages with `send` at uneven moments, 0.3 to 1.5 s apart (a fixed sequence,
  /// so runs compare; the moments fall anywhere between two polls), waits for them to arrive, and
  /// returns each arrived message's latency in milliseconds. A message still missing 10 s after
  /// the last send is left out, so a lost message shows as a short list rather than a hang.
  func latencies(sending count: Int, with send: (Int) async throws -> MessageID) async throws -> [Double] {
    let clock = ContinuousClock()
    var sent: [(MessageID, ContinuousClock.Instant)] = []
    var seed: UInt64 = 42
    for index in 0..<count {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Spaces the sends out on purpose: the figure is the latency of a message sent at a random
      // moment of a poll.
      try await Task.sleep(for: .milliseconds(300 + Int(seed >> 33) % 1_200))
      let start = clock.now
      sent.append((try await send(index), start))
    }
    let expected = Set(sent.map(\.0))
    await withTaskGroup(of: Void.self) { group in
      group.addTask { [self] in
        if hasArrived(expected) { return }
        for await _ in recorded.stream where hasArrived(expected) { return }
      }
      group.addTask { try? await Task.sleep(for: .seconds(10)) }
      await group.next()
      group.cancelAll()
    }
    let arrived = arrivals.withLock { $0 }
    return sent.compactMap { id, start in arrived[id].map { ($0 - start).milliseconds } }
  }

  private func hasArrived(_ ids: Set<MessageID>) -> Bool {
    arrivals.withLock { arrivals in ids.allSatisfy { arrivals[$0] != nil } }
  }
}
