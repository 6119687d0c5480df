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

extension HTTPServer {
  enum ReadOutcome {
    case request(HTTPRequestHead, body: [UInt8])
    case closed
    case refused(HTTPParseError)
  }

  /// Serves requests on one connection until the client closes, asks to close, times out, sends
  /// something unparsable, or the server shuts down.
  func serve(connection fd: Int32) {
    let peer = Socket.peerName(fd)
    var buffer: [UInt8] = []
    while true {
      let started = ContinuousClock.now
      switch readRequest(fd, buffer: &buffer) {
      case .closed:
        return
      case .refused(let error):
        let bytes = errorResponse(
          status: error.status, code: error.code, message: error.message, keepAlive: false)
        _ = Socket.writeAll(fd, bytes)
        logger.info("\(peer) - - \(error.status) \(bytes.count)B refused: \(error.message)")
        return
      case .request(let head, let body):
        let request = WireRequest(
          method: head.method, path: head.path, query: head.query, headers: head.headers, body: Data(body))
        let response = callHandler(request)
        let keepAlive = head.keepAlive && !isStopping
        let bytes = serialize(response, keepAlive: keepAlive, includeBody: head.method != "HEAD")
        let written = Socket.writeAll(fd, bytes)
        let elapsed = ContinuousClock.now - started
        let milliseconds =
          Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        logger.info(
          "\(peer) \(head.method) \(head.path) \(response.status) \(response.body.count)B \(String(format: "%.1f", milliseconds))ms"
        )
        if !written || !keepAlive { return }
      }
    }
  }

  /// Runs the async handler from this connection thread and waits for its answer.
  private func callHandler(_ request: WireRequest) -> WireResponse {
    let handler: WireHandler
    switch responder {
    case .synchronous(let respond): return respond(request)
    case .asynchronous(let asyncHandler): handler = asyncHandler
    }
    let box = ResponseBox()
    let done = DispatchSemaphore(value: 0)
    Task {
      let response = await handler(request)
      box.set(response)
      done.signal()
    }
    done.wait()
    return box.get()
  }

  /// Reads one request: waits up to the idle timeout for it to start, then up to the read timeout
  /// for all of it. Bytes after the request stay in `buffer` for the next one (pipelining).
  private func readRequest(_ fd: Int32, buffer: inout [UInt8]) -> ReadOutcome {
    let clock = ContinuousClock()
    let idleDeadline = clock.now + configuration.idleTimeout
    var requestDeadline: ContinuousClock.Instant? =
      buffer.isEmpty ? nil : clock.now + configuration.readTimeout
    var head: HTTPRequestHead?
    var bodyStart = 0
    while true {
      if head == nil, let end = HTTPRequestParser.headEnd(in: buffer) {
        if end > configuration.maxHeaderBytes { return .refused(headersTooLarge) }
        do {
          head = try HTTPRequestParser.parseHead(
            buffer[0..<(end - 4)], maxBodyBytes: configuration.maxBodyBytes)
        } catch {
          return .refused(error)
        }
        bodyStart = end
      }
      if let head, buffer.count - bodyStart >= head.contentLength {
        let body = Array(buffer[bodyStart..<(bodyStart + head.contentLength)])
        buffer.removeFirst(bodyStart + head.contentLength)
        return .request(head, body: body)
      }
      if head == nil && buffer.count > configuration.maxHeaderBytes { return .refused(headersTooLarge) }

      let deadline = requestDeadline ?? idleDeadline
      let remaining = deadline - clock.now
      if remaining <= .zero {
        if requestDeadline == nil { return .closed }
        return .refused(
          HTTPParseError(
            status: 408, code: "request_timeout",
            message: "The request was not received completely within \(configuration.readTimeout)."))
      }
      // Idle connections notice a shutdown within 100 ms; a started request may finish.
      if requestDeadline == nil && isStopping { return .closed }
      let wait = min(remaining, .milliseconds(100))
      let waitMilliseconds = Int32(
        max(1, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000))
      guard Socket.waitReadable(fd, milliseconds: waitMilliseconds) else { continue }
      let count = Socket.read(fd, into: &buffer)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        // The peer closed: fine between requests, a truncated request otherwise (nobody to answer).
        return .closed
      }
      if requestDeadline == nil { requestDeadline = clock.now + configuration.readTimeout }
    }
  }

  private var headersTooLarge: HTTPParseError {
    HTTPParseError(
      status: 431, code: "headers_too_large",
      message: "The request line and headers exceed \(configuration.maxHeaderBytes) bytes.")
  }

  func errorResponse(status: Int, code: String, message: String, keepAlive: Bool) -> [UInt8] {
    let body = (try? WireJSON.encode(APIErrorBody(code: code, message: message))) ?? Data()
    return serialize(
      WireResponse(status: status, headers: [APIHeaders.contentType: APIHeaders.json], body: body),
      keepAlive: keepAlive, includeBody: true)
  }

  func serialize(_ response: WireResponse, keepAlive: Bool, includeBody: Bool) -> [UInt8] {
    var head = "HTTP/1.1 \(response.status) \(Self.reasonPhrase(response.status))\r\n"
    for (name, value) in response.headers.sorted(by: { $0.key < $1.key })
    where name != "content-length" && name != "connection" {
      // Header values come from our handler; strip CR/LF anyway so nothing can split the response.
      let clean = value.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: "")
      head += "\(name): \(clean)\r\n"
    }
    head += "content-length: \(response.body.count)\r\n"
    head += "connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
    var bytes = Array(head.utf8)
    if includeBody { bytes.append(contentsOf: response.body) }
    return bytes
  }

  static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 201: "Created"
    case 204: "No Content"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 413: "Content Too Large"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status"
    }
  }
}

/// Carries the handler's response from its task back to the connection thread.
final class ResponseBox: Sendable {
  private let value = Mutex<WireResponse?>(nil)

  func set(_ response: WireResponse) { value.withLock { $0 = response } }

  func get() -> WireResponse {
    value.withLock { $0 }
      ?? WireResponse(
        status: 500, headers: [:], body: Data(#"{"code":"internal_error","message":"no response"}"#.utf8))
  }
}
