import CommonDataModels
import CommonKit
import Dispatch
import Foundation
import Synchronization

/// An HTTP/1.1 server over POSIX sockets that hands every request to a ``WireHandler``.
///
/// A pool of worker threads waits on one poller (epoll on Linux, poll elsewhere); the worker told
/// that a socket is readable reads it without blocking and answers its complete requests itself,
/// so an idle or slow connection costs a descriptor and a buffer, not a thread. A handler may also
/// answer later from another thread (``init(configuration:logger:respondNowOrLater:)``), as a
/// post waiting for its group commit and a held long poll do, so its worker goes back to the
/// poller. Keep-alive, pipelining, `Content-Length` bodies, limits on header size, body size,
/// connections in total and per client address, a deadline for each request head, idle
/// timeouts, one log line per request, and a graceful ``shutdown(gracePeriod:)``.
///
/// ```swift
/// let server = HTTPServer(configuration: configuration, respondNowOrLater: backend.handle(_:later:))
/// let port = try server.start()
/// // …
/// server.shutdown()
/// ```
public final class HTTPServer: Sendable {
  struct State {
    var listener: Int32 = -1
    var port: UInt16 = 0
    /// Every open connection's descriptor, so a shutdown can cut off busy ones after the grace period.
    var connections: Set<Int32> = []
    var started = false
  }

  /// The header through which the handler learns the client's address; any value the client
  /// sends is replaced.
  public static let peerAddressHeader = "x-fromm-peer-address"

  /// The limits and address this server uses.
  public let configuration: HTTPServerConfiguration
  /// Answers a request on a worker thread: returns the response, or `nil` and passes it later.
  let respond: @Sendable (WireRequest, _ later: (@Sendable (WireResponse) -> Void)?) -> WireResponse?
  let logger: Logger
  let state = Mutex(State())
  /// Set once by ``shutdown(gracePeriod:)``; read on every request, so not behind a lock.
  let stopping = Atomic<Bool>(false)
  let running = DispatchGroup()
  /// The connections and the threads serving them, once started.
  let loop = Mutex<EventLoop?>(nil)

  /// Creates a server answering with a synchronous function, called on a worker thread: no hop
  /// to the Swift concurrency pool, so blocked cooperative threads elsewhere in the process
  /// cannot stall the server.
  public convenience init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    logger: Logger = Logger(label: "fromm-server"),
    respond: @escaping @Sendable (WireRequest) -> WireResponse
  ) {
    self.init(
      configuration: configuration, logger: logger, respondNowOrLater: { request, _ in respond(request) })
  }

  /// Creates a server answering with a function called on a worker thread that may answer later:
  /// it returns the response, or `nil` and passes the response to `later` (once, from any
  /// thread). The worker serves other connections meanwhile.
  ///
  /// Requests pipelined behind one answered later wait with it, holding no thread, and are
  /// answered after it, in order.
  ///
  /// ```swift
  /// let server = HTTPServer(respondNowOrLater: backend.handle(_:later:))
  /// ```
  public init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    logger: Logger = Logger(label: "fromm-server"),
    respondNowOrLater:
      @escaping @Sendable (
        WireRequest, _ later: (@Sendable (WireResponse) -> Void)?
      ) -> WireResponse?
  ) {
    self.configuration = configuration
    self.respond = respondNowOrLater
    self.logger = logger
  }

  /// Binds and listens without serving yet; returns the bound port. Connections wait in the
  /// backlog until ``start()``. Lets a program find out that the port is taken before it does
  /// anything else.
  ///
  /// - Throws: when the address cannot be bound (port in use, bad host).
  @discardableResult
  public func bind() throws -> UInt16 {
    if let port = state.withLock({ $0.listener >= 0 ? $0.port : nil }) { return port }
    let (fd, port) = try Socket.listening(host: configuration.host, port: configuration.port)
    state.withLock {
      $0.listener = fd
      $0.port = port
    }
    return port
  }

  /// Binds (unless ``bind()`` already did), listens and starts serving on background threads;
  /// returns the bound port.
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
    let port = try bind()
    let listener = state.withLock { $0.listener }
    let poller = try Poller()
    Socket.raiseDescriptorLimit(
      toAtLeast: configuration.maxConnections + HTTPServerConfiguration.reservedDescriptors)
    let loop = EventLoop(server: self, poller: poller, listener: listener)
    self.loop.withLock { $0 = loop }
    running.enter()
    Thread.detachNewThread {
      loop.keepHouse()
      self.running.leave()
    }
    loop.startWorkers()
    return port
  }

  /// The port the server listens on (0 before ``start()``).
  public var port: UInt16 { state.withLock { $0.port } }

  /// Stops accepting, lets in-flight requests finish (up to `gracePeriod`), then closes everything.
  ///
  /// Idle keep-alive connections close at once; a connection in the middle of a request gets its
  /// response with `connection: close`.
  public func shutdown(gracePeriod: Duration = .seconds(5)) {
    stopping.store(true, ordering: .sequentiallyConsistent)
    guard state.withLock({ $0.started }) else {
      let listener = state.withLock { state -> Int32 in
        defer { state.listener = -1 }
        return state.listener
      }
      if listener >= 0 { Socket.closeDescriptor(listener) }
      return
    }
    loop.withLock { $0 }?.housekeepingNow.signal()
    if running.wait(timeout: .now() + gracePeriod / .seconds(1)) == .timedOut {
      let open = state.withLock { $0.connections }
      logger.warning("shutdown: \(open.count) connection(s) still busy after the grace period; closing them")
      for fd in open { Socket.shutdownBoth(fd) }
      _ = running.wait(timeout: .now() + 2)
    }
  }

  /// Blocks until the event loop and every worker have ended (after ``shutdown(gracePeriod:)``).
  public func waitUntilStopped() {
    running.wait()
  }

  var isStopping: Bool { stopping.load(ordering: .relaxed) }

  /// Requests whose handler will answer later and has not yet (held long polls, posts in their
  /// group commit); package access, for the benchmark.
  package var heldByHandlers: Int { loop.withLock { $0 }?.heldByHandlers ?? 0 }

  /// The worker threads running now; package access, for the benchmark.
  package var workerCount: Int { loop.withLock { $0 }?.workerCount ?? 0 }
}

/// A pipe whose read end a poller watches, so another thread can wake its waiters at once.
final class WakeUpPipe: Sendable {
  let readEnd: Int32
  let writeEnd: Int32

  init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends {
        Socket.setNonBlocking(end)
        Socket.setCloseOnExec(end)
      }
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    Socket.closeDescriptor(readEnd)
    Socket.closeDescriptor(writeEnd)
  }

  func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  func drain() {
    var scratch = [UInt8](repeating: 0, count: 256)
    while read(readEnd, &scratch, scratch.count) > 0 {}
  }
}
