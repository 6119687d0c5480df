import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server's one reading thread: accepts, reads requests without blocking, enforces the
/// connection limits and deadlines, and hands complete requests to the workers.
///
/// Only this thread opens, registers and closes connections, so a descriptor number is never
/// reused while another thread still holds it.
final class EventLoop: @unchecked Sendable {
  // @unchecked: every stored property is used only by the loop's own thread, after `run()` starts.
  private let server: HTTPServer
  private let poller: Poller
  private var listener: Int32
  private var connections: [Int32: HTTPConnection] = [:]
  private var perHost: [String: Int] = [:]
  private var lastSweep = ContinuousClock.now

  init(server: HTTPServer, poller: Poller, listener: Int32) {
    self.server = server
    self.poller = poller
    self.listener = listener
  }

  private var configuration: HTTPServerConfiguration { server.configuration }

  func run() {
    poller.add(listener)
    poller.add(server.wakeUp.readEnd)
    while true {
      if server.isStopping {
        stopAccepting()
        if connections.isEmpty { break }
      }
      let ready = poller.wait(milliseconds: 50)
      // Connections the workers finished with first: they may be the idle ones a new client needs.
      takeBackFinished()
      for fd in ready {
        if fd == listener {
          acceptAll()
        } else if fd == server.wakeUp.readEnd {
          server.wakeUp.drain()
        } else if let connection = connections[fd], !connection.inWorker {
          receive(connection)
        }
      }
      let now = ContinuousClock.now
      if now - lastSweep >= .milliseconds(50) {
        lastSweep = now
        enforceDeadlines(now: now)
      }
    }
    server.work.close()
  }

  private func stopAccepting() {
    if listener >= 0 {
      poller.remove(listener)
      Socket.closeDescriptor(listener)
      server.state.withLock { $0.listener = -1 }
      listener = -1
    }
    for connection in connections.values where !connection.inWorker {
      close(connection)
    }
  }

  private func acceptAll() {
    while listener >= 0 {
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else {
        if errno == EMFILE || errno == ENFILE {
          // Out of descriptors: make room from the idle, or refuse quietly and try again later.
          server.logger.error("accept failed: out of file descriptors")
          if !evictOldestIdle() { return }
          continue
        }
        return  // EAGAIN: nothing more waiting
      }
      admit(fd)
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
    let connection = HTTPConnection(
      fd: fd, peer: Socket.peerName(fd), host: host, now: ContinuousClock.now)
    if perHost[host, default: 0] >= configuration.maxConnectionsPerAddress {
      refuseAtLimit(
        connection,
        "The server's limit of \(configuration.maxConnectionsPerAddress) connections from one address is reached; close idle connections or try again shortly."
      )
      return
    }
    if connections.count >= configuration.maxConnections && !evictOldestIdle() {
      refuseAtLimit(
        connection,
        "The server is at its limit of \(configuration.maxConnections) busy connections; try again shortly.")
      return
    }
    connections[fd] = connection
    perHost[host, default: 0] += 1
    server.state.withLock { _ = $0.connections.insert(fd) }
    poller.add(fd)
  }

  private func refuseAtLimit(_ connection: HTTPConnection, _ message: String) {
    let bytes = server.errorResponse(
      status: 503, code: "service_unavailable", message: message, keepAlive: false)
    _ = Socket.writeAll(connection.fd, bytes, timeoutMilliseconds: 0)
    server.logger.warning("\(connection.peer) refused: \(message)")
    Socket.closeDescriptor(connection.fd)
  }

  /// Closes the connection that has waited longest without a request; false when none is idle.
  private func evictOldestIdle() -> Bool {
    guard let oldest = connections.values.filter(\.isIdle).min(by: { $0.lastActivity < $1.lastActivity })
    else { return false }
    close(oldest)
    return true
  }

  /// Reads what has arrived and hands a complete request to a worker.
  private func receive(_ connection: HTTPConnection) {
    // Read at most 128 KiB per wake-up, so one fast sender cannot starve the others.
    for _ in 0..<8 {
      let count = Socket.read(connection.fd, into: &connection.buffer)
      if count > 0 { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { break }
      // The peer closed: fine between requests, a truncated request otherwise (nobody to answer).
      close(connection)
      return
    }
    dispatch(connection)
  }

  private func dispatch(_ connection: HTTPConnection) {
    switch connection.nextRequest(configuration, now: ContinuousClock.now) {
    case .incomplete:
      return
    case .refused(let error):
      server.refuse(connection, error)
      close(connection)
    case .request(let head, let body):
      connection.inWorker = true
      poller.remove(connection.fd)
      server.work.put(connection, head, body)
    }
  }

  private func takeBackFinished() {
    let done = server.finished.withLock { finished in
      defer { finished.removeAll(keepingCapacity: true) }
      return finished
    }
    for (connection, keep) in done {
      connection.inWorker = false
      guard keep, !server.isStopping else {
        close(connection)
        continue
      }
      poller.add(connection.fd)
      // Part of the next request may have arrived with the last one.
      if !connection.buffer.isEmpty { dispatch(connection) }
    }
  }

  private func enforceDeadlines(now: ContinuousClock.Instant) {
    let headLimit = min(configuration.headerTimeout, configuration.readTimeout)
    for connection in connections.values where !connection.inWorker {
      if let started = connection.requestStarted {
        let limit = connection.hasHead ? configuration.readTimeout : headLimit
        guard now - started > limit else { continue }
        server.refuse(
          connection,
          HTTPParseError(
            status: 408, code: "request_timeout",
            message: "The request was not received completely within \(limit)."))
        close(connection)
      } else if now - connection.lastActivity > configuration.idleTimeout {
        close(connection)
      }
    }
  }

  private func close(_ connection: HTTPConnection) {
    guard connections.removeValue(forKey: connection.fd) != nil else { return }
    if !connection.inWorker { poller.remove(connection.fd) }
    if let count = perHost[connection.host] {
      perHost[connection.host] = count > 1 ? count - 1 : nil
    }
    server.state.withLock { _ = $0.connections.remove(connection.fd) }
    Socket.closeDescriptor(connection.fd)
  }
}
