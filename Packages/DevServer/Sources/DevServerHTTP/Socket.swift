import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over POSIX socket calls, returning Swift values and readable errors.
enum Socket {
  struct Failure: Error, CustomStringConvertible {
    var operation: String
    var code: Int32
    var description: String { "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))" }
  }

  /// A listening TCP socket bound to `host:port`; returns the descriptor and the bound port.
  static func listen(host: String, port: UInt16, backlog: Int32 = 128) throws -> (Int32, UInt16) {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure(operation: "socket()", code: errno) }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      close(fd)
      throw Failure(operation: "parsing the IPv4 address '\(host)'", code: EINVAL)
    }
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw Failure(operation: "bind(\(host):\(port))", code: code)
    }
    #if canImport(Glibc)
    let listening = Glibc.listen(fd, backlog)
    #else
    let listening = Darwin.listen(fd, backlog)
    #endif
    guard listening == 0 else {
      let code = errno
      close(fd)
      throw Failure(operation: "listen()", code: code)
    }
    return (fd, boundPort(fd))
  }

  static func boundPort(_ fd: Int32) -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
  }

  /// "127.0.0.1:53122" for a connected socket.
  static func peerName(_ fd: Int32) -> String {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let result = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
    }
    guard result == 0 else { return "?" }
    var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
    inet_ntop(AF_INET, &address.sin_addr, &buffer, socklen_t(buffer.count))
    let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return "\(host):\(UInt16(bigEndian: address.sin_port))"
  }

  /// Waits until `fd` is readable or `milliseconds` pass; true when readable (or closed/errored).
  static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    let result = poll(&descriptor, 1, milliseconds)
    return result > 0
  }

  /// `text` without leading and trailing spaces and tabs (HTTP's optional whitespace).
  static func trimOWS<S: StringProtocol>(_ text: S) -> String {
    var scalars = Substring(text).unicodeScalars[...]
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }

  static func setNoDelay(_ fd: Int32) {
    var yes: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
  }

  static func setSendTimeout(_ fd: Int32, seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Reads what is available (up to 16 KiB); 0 means the peer closed, -1 an error.
  static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 * 1024) { chunk in
      let count = recv(fd, chunk.baseAddress, chunk.count, 0)
      if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
      return count
    }
  }

  /// Writes all of `bytes`; false when the peer went away or the send timed out.
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return -1 }
        return send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }
}
