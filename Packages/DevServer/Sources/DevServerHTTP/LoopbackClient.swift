import Foundation

/// A minimal blocking HTTP/1.1 client over one keep-alive TCP connection, for the server's tests
/// and the load benchmark (package access: not part of the public API).
package final class LoopbackClient {
  package struct Response: Equatable {
    package var status: Int
    package var headers: [String: String]
    package var body: Data
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  let fd: Int32
  var buffer: [UInt8] = []

  /// Connects to `host:port` (IPv4, IPv6 or `localhost`).
  package init(port: UInt16, host: String = "127.0.0.1") throws {
    let address = try Socket.resolve(host: host, port: port, passive: false)
    fd = try Socket.open(for: address)
    guard Socket.withAddress(address, { connect(fd, $0, $1) }) == 0 else {
      let code = errno
      Socket.closeDescriptor(fd)
      throw Failure(description: "connect to \(host):\(port) failed: errno \(code)")
    }
    Socket.setNoDelay(fd)
  }

  deinit { Socket.closeDescriptor(fd) }

  /// Sends raw bytes; false when the server has closed the connection.
  @discardableResult
  package func sendRaw(_ bytes: [UInt8]) -> Bool { Socket.writeAll(fd, bytes) }

  /// Sends a request with a JSON body (if any) and reads the response.
  package func request(
    _ method: String, _ path: String, headers: [String: String] = [:], body: Data = Data(),
    timeout: Duration = .seconds(10)
  ) throws -> Response {
    var head = "\(method) \(path) HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: \(body.count)\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    guard sendRaw(Array(head.utf8) + Array(body)) else {
      throw Failure(description: "the server closed the connection")
    }
    guard let response = try readResponse(timeout: timeout) else {
      throw Failure(description: "the server closed the connection without answering")
    }
    return response
  }

  /// Reads one response; `nil` when the server closed the connection first.
  package func readResponse(timeout: Duration = .seconds(10)) throws -> Response? {
    let deadline = ContinuousClock.now + timeout
    while true {
      if let end = HTTPRequestParser.headEnd(in: buffer) {
        let headText = String(decoding: buffer[0..<(end - 4)], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
          throw Failure(description: "bad status line '\(statusLine.joined(separator: " "))'")
        }
        var headers: [String: String] = [:]
        for line in lines {
          guard let colon = line.firstIndex(of: ":") else { continue }
          headers[line[..<colon].lowercased()] = Socket.trimOWS(line[line.index(after: colon)...])
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        if buffer.count - end >= length {
          let body = Data(buffer[end..<(end + length)])
          buffer.removeFirst(end + length)
          return Response(status: status, headers: headers, body: body)
        }
      }
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { throw Failure(description: "no complete response within \(timeout)") }
      guard Socket.wait(fd, for: Int16(POLLIN), milliseconds: 100) else { continue }
      let count = Socket.read(fd, into: &buffer)
      if count == 0 { return nil }
      if count < 0 && errno != EINTR { return nil }
    }
  }

  /// Whether the server closed the connection (waits up to `timeout` for the close).
  package func isClosedByServer(within timeout: Duration = .seconds(2)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      guard Socket.wait(fd, for: Int16(POLLIN), milliseconds: 100) else { continue }
      var scratch: [UInt8] = []
      if Socket.read(fd, into: &scratch) <= 0 { return true }
    }
    return false
  }
}
