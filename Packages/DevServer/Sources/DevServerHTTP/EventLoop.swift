import DevServerLocks
import Dispatch
import Foundation
import Synchronization

/// The server's connections and the threads that serve them.
///
/// Every worker waits on one shared one-shot poller: the worker told that a socket is readable
/// reads it, answers every complete request in it on the same thread, then watches the socket
/// again. No request is handed from thread to thread, so an answer costs no wake-ups beyond the
/// poller's own, while a handler that blocks (a password hash, a database lock held by another
/// process) holds only its own worker. A handler that answers later instead (a post, once its
/// group commit is done; a held long poll) frees its worker at once; whichever thread writes
/// that answer then serves the connection on. Accepting is the same: the listener is one more one-shot
/// descriptor. A housekeeping thread enforces deadlines and runs the shutdown.
final class EventLoop: Sendable {
  private struct Table {
    var connections: [UInt64: HTTPConnection] = [:]
    var perHost: [String: Int] = [:]
    var nextID: UInt64 = EventLoop.firstConnectionID
  }

  private static let listenerID: UInt64 = 0
  private static let stopID: UInt64 = 1
  private static let firstConnectionID: UInt64 = 2
  /// The most bytes read from one socket before its requests are answered (128 KiB), so one fast
  /// sender cannot keep a worker reading.
  private static let readsPerWakeUp = 8

  private let server: HTTPServer
  private let poller: Poller
  private let table = PlainLock(Table())
  /// The listening socket; -1 once closed. Accepting happens under this lock.
  private let listener: PlainLock<Int32>
  /// Written once every connection is gone: it stays readable, so every worker sees it and ends.
  private let stop = WakeUpPipe()
  /// Signalled by ``HTTPServer/shutdown(gracePeriod:)`` so housekeeping starts it at once.
  let housekeepingNow = DispatchSemaphore(value: 0)
  /// Worker threads running, and how many of them are answering a request right now.
  private let workers = Atomic<Int>(0)
  private let answering = Atomic<Int>(0)
  /// Requests whose handler answers later, not answered yet.
  private let answeredLater = Atomic<Int>(0)
  /// Idle workers beyond ``HTTPServerConfiguration/maxIdleWorkers``, out of the poller.
  private let parking = WorkerParking()

  init(server: HTTPServer, poller: Poller, listener: Int32) {
    self.server = server
    self.poller = poller
    self.listener = PlainLock(listener)
    poller.add(listener, id: Self.listenerID)
    poller.add(stop.readEnd, id: Self.stopID, persistent: true)
  }

  private var configuration: HTTPServerConfiguration { server.configuration }

  /// Starts the configured worker threads.
  func startWorkers() {
    let count = max(1, configuration.workerThreads)
    workers.add(count, ordering: .relaxed)
    for _ in 0..<count { startWorkerThread() }
  }

  /// The worker threads running now: the configured ones plus those added while all were busy.
  var workerCount: Int { workers.load(ordering: .relaxed) }

  /// Requests whose handler will answer later (a held long poll, a post in its group commit) and
  /// has not yet: they hold a connection each, but no thread.
  var heldByHandlers: Int { answeredLater.load(ordering: .relaxed) }

  /// The worker threads parked now, idle beyond ``HTTPServerConfiguration/maxIdleWorkers``.
  var parkedWorkerCount: Int { parking.parked }

  /// The workers not parked: those answering and those in the poller.
  private var unparkedWorkers: Int { workers.load(ordering: .relaxed) - parking.parked }

  private func startWorkerThread() {
    server.running.enter()
    Thread.detachNewThread {
      self.work()
      self.server.running.leave()
    }
  }

  /// A worker thread's life: wait for a readable socket, serve it, repeat until stopped, or
  /// until it is an added worker with others idle beside it.
  private func work() {
    var ready: [UInt64] = []
    ready.reserveCapacity(1)
    while true {
      poller.wait(into: &ready, limit: 1, milliseconds: -1)
      for id in ready {
        switch id {
        case Self.stopID: return
        case Self.listenerID: acceptAll()
        default: serve(id)
        }
      }
      // An added worker ends while another one is idle.
      let retire = changeWorkers(by: -1) {
        $0 > max(1, configuration.workerThreads) && $0 - answering.load(ordering: .relaxed) > 1
      }
      if retire { return }
      parkIfSpare()
    }
  }

  /// Answers one request, first starting another worker when this one was the last free one, so
  /// a handler that holds its thread (a password hash) never leaves the next request unserved.
  ///
  /// The handler may answer later (a post waiting for its group commit, a held long poll): the
  /// thread writing that answer then serves the connection on, so requests pipelined behind it
  /// wait with it, holding no thread, and are answered in order.
  private func answer(
    _ head: HTTPRequestHead, body: [UInt8], on connection: HTTPConnection
  ) -> HTTPServer.Answered {
    let busy = answering.add(1, ordering: .relaxed).newValue
    if busy >= unparkedWorkers, !parking.unparkOne(),
      changeWorkers(by: 1, while: { $0 < max(configuration.maxWorkerThreads, configuration.workerThreads) })
    {
      startWorkerThread()
    }
    defer { answering.subtract(1, ordering: .relaxed) }
    connection.awaitAnswer()
    let answered = server.answer(head, body: body, on: connection) { [self] keepOpen in
      answeredLater.subtract(1, ordering: .relaxed)
      guard keepOpen else {
        close(connection, owned: true)
        return
      }
      connection.lastActivity = ContinuousClock.now
      answerReceived(on: connection)
    }
    if case .later = answered {
      answeredLater.add(1, ordering: .relaxed)
      connection.holdForAnswer()
    }
    return answered
  }

  /// Parks this worker while more than `maxIdleWorkers` others are idle beside it.
  private func parkIfSpare() {
    let idle = unparkedWorkers - answering.load(ordering: .relaxed)
    guard idle > max(1, configuration.maxIdleWorkers), !server.isStopping else { return }
    parking.park { server.isStopping }
  }

  /// Counts a worker more or less (`delta`) unless `allowed` refuses the count first; whether it did.
  private func changeWorkers(by delta: Int, while allowed: (Int) -> Bool) -> Bool {
    var count = workers.load(ordering: .relaxed)
    while allowed(count) {
      let (changed, found) = workers.compareExchange(
        expected: count, desired: count + delta, ordering: .relaxed)
      if changed { return true }
      count = found
    }
    return false
  }

  /// The housekeeping thread's life: deadlines and the watches of held requests every 50 ms; on
  /// shutdown, close what is idle and end the workers once the last connection is gone.
  func keepHouse() {
    while true {
      _ = housekeepingNow.wait(timeout: .now() + .milliseconds(50))
      if server.isStopping {
        stopAccepting()
        for connection in snapshot() {
          close(connection, owned: false)
        }
        if table.withLock({ $0.connections.isEmpty }) {
          stop.signal()
          return
        }
        continue
      }
      enforceDeadlines(now: ContinuousClock.now)
      // A worker parking just as every other one took a request that holds it would leave the
      // next request waiting for a held one; this bounds that wait to one round.
      if answering.load(ordering: .relaxed) >= unparkedWorkers {
        parking.unparkOne()
      }
    }
  }

  // MARK: Accepting

  private func acceptAll() {
    listener.withLock { listener in
      guard listener >= 0 else { return }
      while true {
        let fd = accept(listener, nil, nil)
        guard fd >= 0 else {
          if errno == EINTR { continue }
          if errno == EMFILE || errno == ENFILE {
            // Out of descriptors: make room from the idle, or refuse quietly and try again later.
            server.logger.error("accept failed: out of file descriptors")
            if evictOldestIdle() { continue }
          }
          break  // EAGAIN: nothing more waiting
        }
        admit(fd)
      }
      poller.rearm(listener, id: Self.listenerID)
    }
  }

  private func admit(_ fd: Int32) {
    Socket.setCloseOnExec(fd)
    Socket.setNonBlocking(fd)
    Socket.setNoDelay(fd)
    #if canImport(Darwin)
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    let peer = Socket.peer(fd)
    let host = peer?.host ?? "?"
    let peerName =
      peer.map { $0.host.contains(":") ? "[\($0.host)]:\($0.port)" : "\($0.host):\($0.port)" } ?? "?"
    enum Admission {
      case admitted(HTTPConnection)
      case perHostLimit, full
    }
    var admission = Admission.full
    for attempt in 0..<2 {
      // The reserve is used only once no idle connection could make room.
      let limit = configuration.maxConnections + (attempt == 0 ? 0 : configuration.reserveConnections)
      admission = table.withLock { table -> Admission in
        if table.perHost[host, default: 0] >= configuration.maxConnectionsPerAddress,
          host != configuration.trustedProxy
        {
          return .perHostLimit
        }
        guard table.connections.count < limit else { return .full }
        let connection = HTTPConnection(
          id: table.nextID, fd: fd, peer: peerName, host: host, now: ContinuousClock.now,
          isReserve: table.connections.count >= configuration.maxConnections)
        table.nextID += 1
        table.connections[connection.id] = connection
        table.perHost[host, default: 0] += 1
        return .admitted(connection)
      }
      guard case .full = admission, attempt == 0 else { break }
      _ = evictOldestIdle()
    }
    let message: String
    switch admission {
    case .admitted(let connection):
      server.state.withLock { _ = $0.connections.insert(fd) }
      poller.add(fd, id: connection.id)
      return
    case .perHostLimit:
      message =
        "The server's limit of \(configuration.maxConnectionsPerAddress) connections from one address is reached; close idle connections or try again shortly."
    case .full:
      message =
        "The server is at its limit of \(configuration.maxConnections) busy connections; try again shortly."
    }
    let bytes = server.errorResponse(
      status: 503, code: "service_unavailable", message: message, keepAlive: false)
    _ = Socket.writeAll(fd, bytes, timeoutMilliseconds: 0)
    server.logger.warning("\(peerName) refused: \(message)")
    Socket.closeDescriptor(fd)
  }

  /// Closes the connection that has waited longest without a request; false when none is idle.
  private func evictOldestIdle() -> Bool {
    let idle = snapshot().compactMap { connection in
      connection.unclaimed { $0.isIdle ? (connection, $0.lastActivity) : nil } ?? nil
    }
    return idle.sorted(by: { $0.1 < $1.1 }).contains { close($0.0, owned: false, if: \.isIdle) }
  }

  // MARK: Serving

  /// Reads what has arrived on connection `id` and answers every complete request in it.
  private func serve(_ id: UInt64) {
    guard let connection = table.withLock({ $0.connections[id] }) else { return }
    guard connection.claim() else {
      // Claimed by a held request: a client that closed its socket no longer waits for it.
      if connection.dropHeldIfClosed(
        peerClosed: { Socket.peerClosed(connection.fd) }, closing: { closeDescriptor(of: connection) },
        rearm: { poller.rearm(connection.fd, id: connection.id) })
      {
        answeredLater.subtract(1, ordering: .relaxed)
        forget(connection)
      }
      return
    }
    for _ in 0..<Self.readsPerWakeUp {
      let count = Socket.read(connection.fd, into: &connection.buffer)
      // A short read emptied the socket; the level-triggered poller reports anything later.
      if count > 0 {
        if count < Socket.readChunk { break }
        continue
      }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { break }
      // The peer closed: fine between requests, a truncated request otherwise (nobody to answer).
      close(connection, owned: true)
      return
    }
    answerReceived(on: connection)
  }

  /// Answers every complete request in `connection`'s buffer, then gives the connection back to
  /// the poller (or closes it), unless an answer comes later: its writer then carries on here.
  private func answerReceived(on connection: HTTPConnection) {
    while true {
      let now = ContinuousClock.now
      switch connection.nextRequest(configuration, now: now) {
      case .incomplete:
        if server.isStopping && connection.isIdle {
          close(connection, owned: true)
        } else {
          connection.release { poller.rearm(connection.fd, id: connection.id) }
        }
        return
      case .refused(let error):
        server.refuse(connection, error)
        close(connection, owned: true)
        return
      case .request(let head, _)
      where connection.isReserve && !configuration.reservedPaths.contains(head.path):
        server.refuse(
          connection,
          HTTPParseError(
            status: 503, code: "service_unavailable",
            message:
              "The server is at its limit of \(configuration.maxConnections) busy connections and answers only health checks and sign-ins; try again shortly."
          ))
        close(connection, owned: true)
        return
      case .request(let head, let body):
        switch answer(head, body: body, on: connection) {
        case .keepOpen:
          connection.lastActivity = ContinuousClock.now
        case .close:
          close(connection, owned: true)
          return
        case .later:
          return
        }
      }
    }
  }

  // MARK: Deadlines and closing

  private func snapshot() -> [HTTPConnection] {
    table.withLock { Array($0.connections.values) }
  }

  private func enforceDeadlines(now: ContinuousClock.Instant) {
    let headLimit = min(configuration.headerTimeout, configuration.readTimeout)
    for connection in snapshot() {
      // A request held for its answer is watched from its first round on, so a client that
      // closes its socket meanwhile (leaving a long poll) is noticed within a round (``serve(_:)``).
      connection.watchIfHeld { poller.rearm(connection.fd, id: connection.id) }
      // Only connections no worker holds: a request being answered is not late.
      enum Verdict {
        case fine, idle
        case late(Duration)
      }
      let verdict =
        connection.unclaimed { connection -> Verdict in
          if let started = connection.requestStarted {
            let limit = connection.hasHead ? configuration.readTimeout : headLimit
            return now - started > limit ? .late(limit) : .fine
          }
          return now - connection.lastActivity > configuration.idleTimeout ? .idle : .fine
        } ?? .fine
      switch verdict {
      case .fine: continue
      case .idle: close(connection, owned: false, if: \.isIdle)
      case .late(let limit):
        // Claim it so no worker starts on it while the 408 goes out.
        guard connection.claim() else { continue }
        server.refuse(
          connection,
          HTTPParseError(
            status: 408, code: "request_timeout",
            message: "The request was not received completely within \(limit)."))
        close(connection, owned: true)
      }
    }
  }

  private func stopAccepting() {
    listener.withLock { listener in
      guard listener >= 0 else { return }
      poller.remove(listener)
      Socket.closeDescriptor(listener)
      server.state.withLock { $0.listener = -1 }
      listener = -1
    }
  }

  /// Closes `connection` if the caller owns it, or else if nobody does and `condition` holds.
  @discardableResult
  private func close(
    _ connection: HTTPConnection, owned: Bool, if condition: (HTTPConnection) -> Bool = { _ in true }
  ) -> Bool {
    guard connection.close(owned: owned, if: condition, closing: { closeDescriptor(of: connection) }) else {
      return false
    }
    forget(connection)
    return true
  }

  private func closeDescriptor(of connection: HTTPConnection) {
    poller.remove(connection.fd)
    server.state.withLock { _ = $0.connections.remove(connection.fd) }
    Socket.closeDescriptor(connection.fd)
  }

  /// Removes a closed connection from the table and its address's count.
  private func forget(_ connection: HTTPConnection) {
    table.withLock { table in
      table.connections[connection.id] = nil
      if let count = table.perHost[connection.host] {
        table.perHost[connection.host] = count > 1 ? count - 1 : nil
      }
    }
  }
}
