import CommonDataModels
import DevServerLocks
import Foundation

/// One client connection: its socket, the bytes received but not yet answered, and its clocks.
///
/// A worker that is told the socket is readable ``claim()``s the connection and is then its only
/// user until ``release(rearming:)``; while unclaimed, the housekeeping thread may read its clocks
/// and close it, under the same lock, so a descriptor is never closed under a worker's feet nor
/// re-armed after it was closed.
final class HTTPConnection: @unchecked Sendable {
  // @unchecked: `buffer` and the clocks are used only by the claiming worker, or under `ownership`
  // while nobody has claimed the connection; the lock orders one user's writes before the next's reads.
  enum Next {
    case request(HTTPRequestHead, body: [UInt8])
    case incomplete
    case refused(HTTPParseError)
  }

  /// The poller's id for this connection; never reused, unlike descriptor numbers.
  let id: UInt64
  let fd: Int32
  /// "127.0.0.1:53122", for log lines.
  let peer: String
  /// The client's address without the port, for per-address limits and the handler.
  let host: String
  var buffer: [UInt8] = []
  /// How far the buffer was already searched for the end of the head.
  private var scanned = 0
  private var head: HTTPRequestHead?
  private var bodyStart = 0
  /// When the connection opened or its last response went out.
  var lastActivity: ContinuousClock.Instant
  /// When the first byte of the request being received arrived; `nil` between requests.
  var requestStarted: ContinuousClock.Instant?
  private let ownership = PlainLock((claimed: false, closed: false, answer: LaterAnswer.arrived))
  /// A request whose handler answers later: once `watched`, a client that closes the socket is
  /// noticed; once its answer `arrived`, the answer's writer owns the connection.
  private enum LaterAnswer { case awaited, held, watched, arrived }
  /// Admitted into the reserve beyond the connection limit: answers only the reserved paths.
  let isReserve: Bool

  init(
    id: UInt64 = 0, fd: Int32, peer: String, host: String, now: ContinuousClock.Instant,
    isReserve: Bool = false
  ) {
    self.id = id
    self.fd = fd
    self.peer = peer
    self.host = host
    self.lastActivity = now
    self.isReserve = isReserve
  }

  /// Whether the connection waits between requests with nothing received (may be evicted).
  /// Read it only while owning the connection, or inside ``unclaimed(_:)``.
  var isIdle: Bool { buffer.isEmpty && requestStarted == nil }

  /// Called by the owning thread before the handler gets a request.
  func awaitAnswer() {
    ownership.withLock { $0.answer = .awaited }
  }

  /// Called once the handler returned without answering: unless the answer came meanwhile, the
  /// request is held (its socket not watched yet, see ``watchIfHeld(_:)``).
  func holdForAnswer() {
    ownership.withLock { state in
      if state.answer == .awaited { state.answer = .held }
    }
  }

  /// Runs `watch` if the request is still held and not watched, under the lock that orders it
  /// before the answer. Called on a timer rather than when the request is held: most later
  /// answers (a post's commit) come within a millisecond, and watching their sockets would cost
  /// each a system call and a worker's wake-up as the client's next request arrives.
  func watchIfHeld(_ watch: () -> Void) {
    ownership.withLock { state in
      guard state.answer == .held, !state.closed else { return }
      state.answer = .watched
      watch()
    }
  }

  /// Called before a later answer is written: false when the client went away meanwhile (the
  /// descriptor is closed, maybe reused: nothing may be written to it).
  func answerArrived() -> Bool {
    ownership.withLock { state in
      state.answer = .arrived
      return !state.closed
    }
  }

  /// While a request is held: closes the connection (`closing`) when `peerClosed` says the client
  /// closed it; `rearm` when it says nothing arrived (bytes that did wait for the answer's writer).
  func dropHeldIfClosed(peerClosed: () -> Bool?, closing: () -> Void, rearm: () -> Void) -> Bool {
    ownership.withLock { state in
      guard state.answer == .watched, !state.closed else { return false }
      guard let closed = peerClosed() else {
        rearm()
        return false
      }
      if closed {
        state.closed = true
        closing()
      }
      return closed
    }
  }

  /// Takes the connection for this thread; false when another thread has it or it was closed.
  func claim() -> Bool {
    ownership.withLock { state in
      guard !state.claimed && !state.closed else { return false }
      state.claimed = true
      return true
    }
  }

  /// Gives the connection back and runs `rearm` (watch the socket again) under the same lock,
  /// so nothing can close the descriptor in between.
  func release(rearming rearm: () -> Void) {
    ownership.withLock { state in
      state.claimed = false
      if !state.closed { rearm() }
    }
  }

  /// Marks the connection closed and runs `closing` (unwatch and close the descriptor) when the
  /// caller owns it (`owned`) or nobody does and `condition` holds; returns whether it ran.
  @discardableResult
  func close(owned: Bool, if condition: (HTTPConnection) -> Bool = { _ in true }, closing: () -> Void) -> Bool
  {
    ownership.withLock { state in
      guard !state.closed, owned || (!state.claimed && condition(self)) else { return false }
      state.closed = true
      closing()
      return true
    }
  }

  /// Reads the connection's clocks while nobody owns it; `nil` while a worker has it or once closed.
  func unclaimed<T>(_ body: (HTTPConnection) -> T) -> T? {
    ownership.withLock { state in state.claimed || state.closed ? nil : body(self) }
  }

  /// Whether the head of the current request has been received.
  var hasHead: Bool { head != nil }

  /// The next complete request in the buffer, if there is one; bytes after it stay for the next
  /// call (pipelining).
  func nextRequest(_ configuration: HTTPServerConfiguration, now: ContinuousClock.Instant) -> Next {
    if !buffer.isEmpty && requestStarted == nil { requestStarted = now }
    if head == nil {
      let end = HTTPRequestParser.headEnd(in: buffer, from: scanned - 3)
      scanned = buffer.count
      guard (end ?? buffer.count) <= configuration.maxHeaderBytes else {
        return .refused(
          HTTPParseError(
            status: 431, code: "headers_too_large",
            message: "The request line and headers exceed \(configuration.maxHeaderBytes) bytes."))
      }
      guard let end else { return .incomplete }
      do {
        head = try HTTPRequestParser.parseHead(
          buffer[0..<(end - 4)], maxBodyBytes: configuration.maxBodyBytes)
      } catch {
        return .refused(error)
      }
      bodyStart = end
    }
    guard let head, buffer.count - bodyStart >= head.contentLength else { return .incomplete }
    let body = Array(buffer[bodyStart..<(bodyStart + head.contentLength)])
    buffer.removeFirst(bodyStart + head.contentLength)
    self.head = nil
    scanned = 0
    bodyStart = 0
    requestStarted = buffer.isEmpty ? nil : now
    return .request(head, body: body)
  }
}
