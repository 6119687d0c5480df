import CommonDataModels
import CommonKit
import Foundation
import NetworkProvider
import Synchronization

/// A transport that records every request and answers from a script, one step per request.
final class ScriptedTransport: Transport {
  enum Step: Sendable {
    case respond(WireResponse)
    case fail(APIError)
    /// Never answers and ignores cancellation until released, like a stuck handler.
    case hang
  }

  private let state: Mutex<(requests: [WireRequest], steps: [Step])>
  private let fallback: Step
  private let waiters = Mutex<(released: Bool, continuations: [CheckedContinuation<Void, Never>])>(
    (false, []))

  init(_ steps: [Step] = [], otherwise fallback: Step = .respond(WireResponse(status: 204))) {
    state = Mutex(([], steps))
    self.fallback = fallback
  }

  var requests: [WireRequest] { state.withLock { $0.requests } }

  func release() {
    let continuations = waiters.withLock { state in
      state.released = true
      defer { state.continuations = [] }
      return state.continuations
    }
    for continuation in continuations { continuation.resume() }
  }

  func send(_ request: WireRequest) async throws -> WireResponse {
    let step = state.withLock { state -> Step in
      state.requests.append(request)
      return state.steps.isEmpty ? fallback : state.steps.removeFirst()
    }
    switch step {
    case .respond(let response): return response
    case .fail(let error): throw error
    case .hang:
      // Suspends without looking at cancellation (a busy loop would starve the thread pool).
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = waiters.withLock { state in
          if state.released { return true }
          state.continuations.append(continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
      return WireResponse(status: 204)
    }
  }
}

/// Collects log lines.
final class LogCollector: Sendable {
  private let lines = Mutex<[String]>([])
  var messages: [String] { lines.withLock { $0 } }
  var logger: Logger {
    Logger(label: "test", minimumLevel: .debug) { [self] line in self.lines.withLock { $0.append(line) } }
  }
}

/// Records backoff waits and returns at once.
final class SleepRecorder: Sendable {
  private let waits = Mutex<[Duration]>([])
  var recorded: [Duration] { waits.withLock { $0 } }
  var sleep: @Sendable (Duration) async throws -> Void {
    { [self] duration in self.waits.withLock { $0.append(duration) } }
  }
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("np-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A mutable date for cache expiry tests.
final class ManualDate: Sendable {
  private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
  var now: @Sendable () -> Date { { [self] in self.current.withLock { $0 } } }
  func advance(seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

struct Greeting: Codable, Sendable, Equatable {
  var text: String
}

func json(_ status: Int, _ text: String) -> WireResponse {
  WireResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8))
}
