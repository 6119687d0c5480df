import CommonDataModels
import CommonKit
import Dispatch
import Foundation
import Synchronization

extension HTTPServer {
  /// What became of a request handed to ``answer(_:body:on:resume:)``.
  enum Answered {
    /// Answered; the connection serves its next request.
    case keepOpen
    /// Answered, or the write failed; the connection must close.
    case close
    /// The handler answers later: `resume` gets the outcome, and until then the connection
    /// belongs to whoever answers.
    case later
  }

  /// Answers `head` and `body` on `connection` and logs one line.
  ///
  /// The handler may answer after returning (``Answered/later``); writing the answer then calls
  /// `resume` with whether the connection stays open. An answer given before the handler
  /// returns is this call's outcome instead, so a chain of such answers never nests.
  func answer(
    _ head: HTTPRequestHead, body: [UInt8], on connection: HTTPConnection,
    resume: @escaping @Sendable (_ keepOpen: Bool) -> Void
  ) -> Answered {
    let started = ContinuousClock.now
    var headers = head.headers
    // The handler's per-address limits rely on this value, so a client cannot choose it.
    headers[Self.peerAddressHeader] = clientAddress(of: connection, forwardedFor: headers["x-forwarded-for"])
    let request = WireRequest(
      method: head.method, path: head.path, query: head.query, headers: headers, body: Data(body))
    // A second answer would be a second response on the connection, written while another
    // thread may already serve its next request: only the first one counts.
    let once = AnswerOnce()
    let later = { @Sendable [self] (response: WireResponse) in
      guard once.take() else { return dropSecondAnswer(to: head) }
      guard connection.answerArrived() else {
        return logger.info(
          "\(connection.peer) \(head.method) \(head.path) dropped: the client closed the connection")
      }
      let sent = send(response, for: head, on: connection, since: started)
      if once.handOver(sent) { resume(sent == .keepOpen) }
    }
    if let response = respond(request, later) {
      if once.take() { return send(response, for: head, on: connection, since: started) }
      dropSecondAnswer(to: head)
    }
    return once.returned() ?? .later
  }

  /// The connection's address, or behind the ``HTTPServerConfiguration/trustedProxy`` the last
  /// address its `X-Forwarded-For` names.
  private func clientAddress(of connection: HTTPConnection, forwardedFor: String?) -> String {
    guard connection.host == configuration.trustedProxy, let forwardedFor,
      let last = forwardedFor.split(separator: ",").last.map(Socket.trimOWS), !last.isEmpty
    else { return connection.host }
    return String(last.prefix(64))
  }

  private func dropSecondAnswer(to head: HTTPRequestHead) {
    logger.error("\(head.method) \(head.path): the handler answered twice; the second answer is dropped")
  }

  /// Writes `response` to `head`'s request on `connection` and logs one line.
  private func send(
    _ response: WireResponse, for head: HTTPRequestHead, on connection: HTTPConnection,
    since started: ContinuousClock.Instant
  ) -> Answered {
    let keepAlive = head.keepAlive && !isStopping
    let bytes = serialize(response, keepAlive: keepAlive, includeBody: head.method != "HEAD")
    let written = Socket.writeAll(connection.fd, bytes)
    let micros = (ContinuousClock.now - started) / .microseconds(1)
    let tenths = Int((micros + 50) / 100)
    logger.info(
      "\(connection.peer) \(head.method) \(head.path) \(response.status) \(response.body.count)B \(tenths / 10).\(tenths % 10)ms"
    )
    return written && keepAlive ? .keepOpen : .close
  }

  /// Writes `error` and logs it; the connection closes afterwards.
  func refuse(_ connection: HTTPConnection, _ error: HTTPParseError) {
    let bytes = errorResponse(
      status: error.status, code: error.code, message: error.message, keepAlive: false)
    _ = Socket.writeAll(connection.fd, bytes, timeoutMilliseconds: 100)
    logger.info("\(connection.peer) - - \(error.status) \(bytes.count)B refused: \(error.message)")
  }

  func errorResponse(status: Int, code: String, message: String, keepAlive: Bool) -> [UInt8] {
    let body = (try? WireJSON.encode(APIErrorBody(code: code, message: message))) ?? Data()
    return serialize(
      WireResponse(status: status, headers: [APIHeaders.contentType: APIHeaders.json], body: body),
      keepAlive: keepAlive, includeBody: true)
  }

  func serialize(_ response: WireResponse, keepAlive: Bool, includeBody: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(128 + response.headers.count * 48 + (includeBody ? response.body.count : 0))
    func append(_ text: String) {
      var text = text
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }
    if let statusLine = Self.statusLines[response.status] {
      bytes.append(contentsOf: statusLine)
    } else {
      append("HTTP/1.1 \(response.status) \(Self.reasons[response.status] ?? "Status")\r\n")
    }
    func appendHeader(_ name: String, _ value: String) {
      guard name != "content-length" && name != "connection" else { return }
      append(name)
      bytes.append(contentsOf: Self.colonSpace)
      // Header values come from our handler; drop CR/LF anyway so nothing can split the response.
      if value.utf8.contains(where: { $0 == 13 || $0 == 10 }) {
        bytes.append(contentsOf: value.utf8.filter { $0 != 13 && $0 != 10 })
      } else {
        append(value)
      }
      bytes.append(contentsOf: Self.lineEnd)
    }
    if response.headers.count > 1 {
      for name in response.headers.keys.sorted() {
        if let value = response.headers[name] { appendHeader(name, value) }
      }
    } else {
      for (name, value) in response.headers { appendHeader(name, value) }
    }
    bytes.append(contentsOf: Self.contentLengthPrefix)
    append(String(response.body.count))
    bytes.append(contentsOf: keepAlive ? Self.keepAliveEnd : Self.closeEnd)
    if includeBody { bytes.append(contentsOf: response.body) }
    return bytes
  }

  /// Pre-encoded pieces of every response head, so the common ones cost a copy, not formatting.
  static let statusLines = Dictionary(
    uniqueKeysWithValues: reasons.map { ($0.key, Array("HTTP/1.1 \($0.key) \($0.value)\r\n".utf8)) })
  static let colonSpace = Array(": ".utf8)
  static let lineEnd = Array("\r\n".utf8)
  static let contentLengthPrefix = Array("content-length: ".utf8)
  static let keepAliveEnd = Array("\r\nconnection: keep-alive\r\n\r\n".utf8)
  static let closeEnd = Array("\r\nconnection: close\r\n\r\n".utf8)

  static let reasons = [
    200: "OK", 201: "Created", 204: "No Content", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden",
    404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict",
    413: "Content Too Large", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
    500: "Internal Server Error", 501: "Not Implemented", 503: "Service Unavailable",
    505: "HTTP Version Not Supported", 507: "Insufficient Storage",
  ]
}

/// Whether a request has had its answer, shared by the handler's return and its later answer,
/// and who carries on with the connection after a later one.
final class AnswerOnce: Sendable {
  private let given = Atomic<Bool>(false)
  /// Whether the handler has returned, and what became of an answer written before it did.
  private let handing = Mutex<(returned: Bool, sent: HTTPServer.Answered?)>((false, nil))

  /// True for the first caller only.
  func take() -> Bool {
    !given.exchange(true, ordering: .acquiringAndReleasing)
  }

  /// Called once a later answer is written: true when the handler has returned, so the writer
  /// serves the connection on; false when it has not, and ``returned()`` hands `sent` to it.
  func handOver(_ sent: HTTPServer.Answered) -> Bool {
    handing.withLock { state in
      if !state.returned { state.sent = sent }
      return state.returned
    }
  }

  /// Called when the handler returns: what became of an answer it wrote meanwhile, or `nil`
  /// when none is written yet (its writer serves the connection on).
  func returned() -> HTTPServer.Answered? {
    handing.withLock { state in
      state.returned = true
      return state.sent
    }
  }
}
