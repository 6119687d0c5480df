import AuthDataModels
import CommonDataModels
import Dispatch
import Foundation
import SQLiteStore
import Synchronization

@testable import DevServerCore

/// A dev backend in a fresh temporary folder, with a controllable clock and cheap password hashing.
final class TestBackend: Sendable {
  let directory: URL
  let backend: DevBackend
  let clock: ManualClock

  init(
    seed: Bool = true, demo: Bool = false, directory: URL? = nil, busyTimeoutMilliseconds: Int32 = 5_000,
    hashGate: HashGate = HashGate()
  ) throws {
    let folder =
      directory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("devserver-tests-\(UUID().uuidString)")
    self.directory = folder
    let clock = ManualClock()
    self.clock = clock
    backend = try DevBackend(
      dataDirectory: folder, hasher: PasswordHasher(cost: 1), sessionLifetime: 3_600, seedDemoData: seed,
      demo: demo,
      now: { clock.now }, logger: .init(label: "test") { _ in },
      busyTimeoutMilliseconds: busyTimeoutMilliseconds,
      hashGate: hashGate, monotonicSeconds: { clock.elapsed })
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs `body` while another connection to this backend's database (another program, as far
  /// as the backend can tell) holds the write lock.
  func whileAnotherProgramHoldsTheWriteLock<T>(_ body: () throws -> T) throws -> T {
    let other = try SQLiteDatabase(path: directory.appendingPathComponent(DevBackend.databaseFileName).path)
    let locked = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      try? other.write { _ in
        locked.signal()
        release.wait()
      }
      done.signal()
    }
    locked.wait()
    defer {
      release.signal()
      done.wait()
    }
    return try body()
  }

  func advance(seconds: TimeInterval) {
    clock.advance(seconds: seconds)
  }

  func send(
    _ method: String, _ path: String, query: [String: String] = [:], token: String? = nil,
    json: String? = nil,
    headers extraHeaders: [String: String] = [:]
  ) -> WireResponse {
    var headers = extraHeaders
    if let token { headers[APIHeaders.authorization] = APIHeaders.bearer(token) }
    if json != nil { headers[APIHeaders.contentType] = APIHeaders.json }
    return backend.handle(
      WireRequest(method: method, path: path, query: query, headers: headers, body: Data((json ?? "").utf8)))
  }

  /// Sends a request as the HTTP server does, offering to take the answer later: returns the
  /// answer given now, or the one passed later (waiting up to 10 s), and which of the two it was.
  func sendOfferingLater(
    _ method: String, _ path: String, token: String? = nil, json: String? = nil,
    headers extraHeaders: [String: String] = [:]
  ) -> (response: WireResponse?, answeredLater: Bool) {
    var headers = extraHeaders
    if let token { headers[APIHeaders.authorization] = APIHeaders.bearer(token) }
    if json != nil { headers[APIHeaders.contentType] = APIHeaders.json }
    let request = WireRequest(method: method, path: path, headers: headers, body: Data((json ?? "").utf8))
    let answers = LaterAnswers()
    if let now = backend.handle(request, later: answers.append) {
      // Anything passed later as well would be a second answer to the same request.
      Thread.sleep(forTimeInterval: 0.05)
      return (answers.all.isEmpty ? now : nil, false)
    }
    return (answers.waitForOne(), true)
  }

  func send<Body: Encodable>(
    _ method: String, _ path: String, token: String? = nil, body: Body, headers: [String: String] = [:]
  ) throws
    -> WireResponse
  {
    let json = String(decoding: try WireJSON.encode(body), as: UTF8.self)
    return send(method, path, token: token, json: json, headers: headers)
  }

  func signIn(_ username: String, password: String = DemoData.password) throws -> Session {
    let response = try send(
      "POST", APIPaths.signIn, body: SignInRequest(username: username, password: password))
    guard response.status == 200 else {
      throw TestFailure("sign-in of \(username) returned \(response.status): \(response.text)")
    }
    return try WireJSON.decode(Session.self, from: response.body)
  }

  func accountID(_ username: String) throws -> AccountID {
    try signIn(username).account.id
  }
}

/// Answers a handler passed later; exactly one is expected.
final class LaterAnswers: Sendable {
  private let answers = Mutex<[WireResponse]>([])
  private let arrived = DispatchSemaphore(value: 0)

  @Sendable func append(_ response: WireResponse) {
    answers.withLock { $0.append(response) }
    arrived.signal()
  }

  var all: [WireResponse] { answers.withLock { $0 } }

  /// The one answer, once it came (within 10 s); `nil` when none or more than one came.
  func waitForOne() -> WireResponse? {
    guard arrived.wait(timeout: .now() + 10) == .success else { return nil }
    Thread.sleep(forTimeInterval: 0.05)
    let all = all
    return all.count == 1 ? all[0] : nil
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension WireResponse {
  var text: String { String(decoding: body, as: UTF8.self) }

  func decoded<T: Decodable>(_ type: T.Type) throws -> T {
    do {
      return try WireJSON.decode(type, from: body)
    } catch {
      throw TestFailure("status \(status), body \(text): \(error.message)")
    }
  }

  var error: APIErrorBody? { try? WireJSON.decode(APIErrorBody.self, from: body) }
}

/// The backend's clock in tests: starts at a fixed instant and moves only when told.
/// A wall clock and a monotonic one, both moved by ``advance(seconds:)``; ``stepWallClock(seconds:)``
/// moves the wall clock alone, as an administrator or NTP may.
final class ManualClock: Sendable {
  private let times = Mutex((date: Date(timeIntervalSince1970: 1_790_000_000), elapsed: TimeInterval(0)))

  var now: Date { times.withLock { $0.date } }
  var elapsed: TimeInterval { times.withLock { $0.elapsed } }

  func advance(seconds: TimeInterval) {
    times.withLock { times in
      times.date.addTimeInterval(seconds)
      times.elapsed += seconds
    }
  }

  func stepWallClock(seconds: TimeInterval) {
    times.withLock { $0.date.addTimeInterval(seconds) }
  }
}
