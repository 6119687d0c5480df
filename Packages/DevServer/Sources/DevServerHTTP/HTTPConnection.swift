import CommonDataModels
import Foundation

/// One client connection: its socket, the bytes received but not yet answered, and its clocks.
///
/// Owned by the event loop while it waits for a request and by exactly one worker while a request
/// is answered (`inWorker`), never by two threads at once.
final class HTTPConnection: @unchecked Sendable {
  enum Next {
    case request(HTTPRequestHead, body: [UInt8])
    case incomplete
    case refused(HTTPParseError)
  }

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
  var inWorker = false

  init(fd: Int32, peer: String, host: String, now: ContinuousClock.Instant) {
    self.fd = fd
    self.peer = peer
    self.host = host
    self.lastActivity = now
  }

  /// Whether the connection waits between requests with nothing received (may be evicted).
  var isIdle: Bool { !inWorker && buffer.isEmpty && requestStarted == nil }

  /// Whether the head of the current request has been received.
  var hasHead: Bool { head != nil }

  /// The next complete request in the buffer, if there is one; bytes after it stay for the next
  /// call (pipelining).
  func nextRequest(_ configuration: HTTPServerConfiguration, now: ContinuousClock.Instant) -> Next {
    if !buffer.isEmpty && requestStarted == nil { requestStarted = now }
    if head == nil {
      guard let end = HTTPRequestParser.headEnd(in: buffer, from: scanned - 3) else {
        scanned = buffer.count
        return buffer.count > configuration.maxHeaderBytes
          ? .refused(headersTooLarge(configuration)) : .incomplete
      }
      if end > configuration.maxHeaderBytes { return .refused(headersTooLarge(configuration)) }
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

  private func headersTooLarge(_ configuration: HTTPServerConfiguration) -> HTTPParseError {
    HTTPParseError(
      status: 431, code: "headers_too_large",
      message: "The request line and headers exceed \(configuration.maxHeaderBytes) bytes.")
  }
}
