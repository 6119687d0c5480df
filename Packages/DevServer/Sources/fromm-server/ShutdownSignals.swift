import CommonKit
import DevServerHTTP
import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into a graceful shutdown (main.swift then exits 0).
///
/// Lives outside `main.swift` so the handler is not main-actor isolated: it runs on a dispatch
/// queue while the main thread waits for the server.
func installShutdownHandlers(
  server: HTTPServer, backend: BackendSlot, logger: Logger
) -> [any DispatchSourceSignal] {
  let queue = DispatchQueue(label: "fromm-server.signals")
  return [SIGINT, SIGTERM].map { signalNumber in
    signal(signalNumber, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
    source.setEventHandler {
      logger.info("received signal \(signalNumber); finishing in-flight requests")
      // Held polls answer now (with `connection: close`) rather than keep the grace period busy.
      backend.endLongPolls()
      // The main thread, waiting in `waitUntilStopped`, says "stopped" and exits once this returns.
      server.shutdown(gracePeriod: .seconds(5))
    }
    source.resume()
    return source
  }
}
