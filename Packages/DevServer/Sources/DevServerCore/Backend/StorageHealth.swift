import CommonDataModels
import Foundation
import Synchronization

/// Whether the database could be written lately, for `GET /v1/health`.
///
/// A write the storage refused (a full disk, a file system gone read-only) marks it failing; the
/// next write that succeeds clears that. The database's integrity was checked when it opened.
final class StorageHealth: Sendable {
  private let problem = Mutex<String?>(nil)
  /// Whether `problem` is set, read without the lock on every successful write.
  private let failing = Atomic<Bool>(false)

  /// The health answer while the storage takes writes; it never changes, so it is encoded once.
  static let healthy = WireResponse(
    status: 200, headers: [APIHeaders.contentType: APIHeaders.json],
    body: Data(#"{"integrity":"ok","status":"ok","storage":"writable"}"#.utf8))

  func failed(_ reason: String) {
    problem.withLock { $0 = reason }
    failing.store(true, ordering: .releasing)
  }

  func wrote() {
    guard failing.load(ordering: .acquiring) else { return }
    problem.withLock { $0 = nil }
    failing.store(false, ordering: .releasing)
  }

  /// 200 while writes succeed; 503 naming the storage's problem after one was refused.
  var response: WireResponse {
    guard failing.load(ordering: .acquiring), let reason = problem.withLock({ $0 }) else {
      return Self.healthy
    }
    let body = try? WireJSON.encode(["status": "unavailable", "storage": reason, "integrity": "ok"])
    return WireResponse(
      status: 503, headers: [APIHeaders.contentType: APIHeaders.json], body: body ?? Data())
  }
}
