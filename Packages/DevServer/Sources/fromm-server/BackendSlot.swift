import CommonDataModels
import DevServerCore
import Foundation
import Synchronization

/// Holds the backend, which opens after the port is bound, for the server's handler.
final class BackendSlot: Sendable {
  /// Set once, then read on every request: an atomic reference, no lock.
  private let backend = AtomicLazyReference<DevBackend>()

  func install(_ backend: DevBackend) {
    _ = self.backend.storeIfNil(backend)
  }

  /// Answers `request` now, or returns `nil` and passes the answer to `later` (see
  /// `DevBackend.handle(_:later:)`).
  func handle(_ request: WireRequest, later: (@Sendable (WireResponse) -> Void)?) -> WireResponse? {
    guard let backend = backend.load() else {
      // Unreachable in practice: the server starts serving only after `install`.
      return WireResponse(
        status: 503, headers: [APIHeaders.contentType: APIHeaders.json],
        body: Data(
          #"{"code":"service_unavailable","message":"The server is still starting; try again."}"#.utf8))
    }
    return backend.handle(request, later: later)
  }

  /// Ends the held long polls (see `DevBackend.endLongPolls()`), once the backend is installed.
  func endLongPolls() {
    backend.load()?.endLongPolls()
  }
}
