import CommonDataModels
import CommonKit
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server over POSIX sockets that hands every request to a ``WireHandler``.
///
/// Keep-alive, `Content-Length` bodies, limits on header size, body size and connections, read
/// and idle timeouts, one log line per request, and a graceful ``shutdown(gracePeriod:)``.
/// One thread per connection: simple, and plenty for a development server.
///
/// ```swift
/// let server = HTTPServer(configuration: configuration, handler: backend.handler)
/// let port = try server.start()
/// // …
/// server.shutdown()
/// ```
public final class HTTPServer: Sendable {
  struct State {
    var listener: Int32 = -1
    var port: UInt16 = 0
    var connections: Set<Int32> = []
    var stopping = false
    var started = false
  }

  /// The limits and address this server uses.
  public let configuration: HTTPServerConfiguration
  let responder: Responder
  let logger: Logger
  let state = Mutex(State())
  let running = DispatchGroup()

  /// How requests are answered: directly on the connection's thread, or through an async handler.
  enum Responder: Sendable {
    case synchronous(@Sendable (WireRequest) -> WireResponse)
    case asynchronous(WireHandler)
  }

  /// Creates a server answering with a synchronous function, called on the connection's thread.
  ///
  /// Preferred for the dev backend (`DevBackend.handle`): no hop to the Swift concurrency pool,
  /// so blocked cooperative threads elsewhere in the process cannot stall the server.
  public init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    logger: Logger = Logger(label: "fromm-server"),
    respond: @escaping @Sendable (WireRequest) -> WireResponse
  ) {
    self.configuration = configuration
    self.responder = .synchronous(respond)
    self.logger = logger
  }

  /// Creates a server answering with an async ``WireHandler``; each request runs as a task and
  /// its connection thread waits for it.
  public init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(), handler: @escaping WireHandler,
    logger: Logger = Logger(label: "fromm-server")
  ) {
    self.configuration = configuration
    self.responder = .asynchronous(handler)
    self.logger = logger
  }

  /// Binds, listens and starts accepting on a background thread; returns the bound port.
  ///
  /// - Throws: when the address cannot be bound (port in use, bad host) or the server already started.
  @discardableResult
  public func start() throws -> UInt16 {
    let alreadyStarted = state.withLock { state in
      defer { state.started = true }
      return state.started
    }
    guard !alreadyStarted else {
      throw Socket.Failure(operation: "start() (the server was already started)", code: EALREADY)
    }
    let (fd, port) = try Socket.listen(host: configuration.host, port: configuration.port)
    state.withLock {
      $0.listener = fd
      $0.port = port
    }
    running.enter()
    Thread.detachNewThread { [self] in
      acceptLoop(listener: fd)
      running.leave()
    }
    return port
  }

  /// The port the server listens on (0 before ``start()``).
  public var port: UInt16 { state.withLock { $0.port } }

  /// Stops accepting, lets in-flight requests finish (up to `gracePeriod`), then closes everything.
  ///
  /// Idle keep-alive connections close at once; a connection in the middle of a request gets its
  /// response with `connection: close`.
  public func shutdown(gracePeriod: Duration = .seconds(5)) {
    state.withLock { $0.stopping = true }
    let seconds = Double(gracePeriod.components.seconds) + Double(gracePeriod.components.attoseconds) / 1e18
    if running.wait(timeout: .now() + seconds) == .timedOut {
      let open = state.withLock { $0.connections }
      logger.warning("shutdown: \(open.count) connection(s) still busy after the grace period; closing them")
      for fd in open { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
      _ = running.wait(timeout: .now() + 2)
    }
  }

  /// Blocks until the accept loop and every connection have ended (after ``shutdown(gracePeriod:)``).
  public func waitUntilStopped() {
    running.wait()
  }

  var isStopping: Bool { state.withLock { $0.stopping } }

  private func acceptLoop(listener: Int32) {
    defer { close(listener) }
    while !isStopping {
      guard Socket.waitReadable(listener, milliseconds: 100) else { continue }
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else {
        // Out of descriptors: back off instead of spinning on a listener that stays readable.
        if errno == EMFILE || errno == ENFILE {
          logger.error("accept failed: out of file descriptors; retrying in 100 ms")
          usleep(100_000)
        }
        continue
      }
      let admitted = state.withLock { state -> Bool in
        guard state.connections.count < configuration.maxConnections, !state.stopping else { return false }
        state.connections.insert(fd)
        return true
      }
      guard admitted else {
        let busy = errorResponse(
          status: 503, code: "service_unavailable",
          message:
            "The server is at its limit of \(configuration.maxConnections) connections; try again shortly.",
          keepAlive: false)
        _ = Socket.writeAll(fd, busy)
        logger.warning(
          "\(Socket.peerName(fd)) refused: connection limit \(configuration.maxConnections) reached")
        close(fd)
        continue
      }
      Socket.setNoDelay(fd)
      Socket.setSendTimeout(fd, seconds: 10)
      running.enter()
      Thread.detachNewThread { [self] in
        serve(connection: fd)
        state.withLock { _ = $0.connections.remove(fd) }
        close(fd)
        running.leave()
      }
    }
  }
}
