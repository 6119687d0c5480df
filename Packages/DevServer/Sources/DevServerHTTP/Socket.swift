import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over POSIX socket calls, returning Swift values and readable errors (package
/// access: the benchmark takes a free port for nginx from ``listening(host:port:backlog:)``).
package enum Socket {
  struct Failure: Error, CustomStringConvertible {
    var operation: String
    var code: Int32
    var description: String { "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))" }
  }

  #if canImport(Glibc)
  static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
  static let streamType = SOCK_STREAM
  #endif

  /// The address `host` names for a TCP socket on `port` (numeric IPv4, IPv6 or `localhost`,
  /// which means the IPv4 loopback so it matches what clients reach as 127.0.0.1).
  static func resolve(host: String, port: UInt16, passive: Bool) throws -> Data {
    let name = host == "localhost" ? "127.0.0.1" : host
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | (passive ? AI_PASSIVE : 0)
    var list: UnsafeMutablePointer<addrinfo>?
    let code = getaddrinfo(name, String(port), &hints, &list)
    defer { if let list { freeaddrinfo(list) } }
    guard code == 0, let address = list?.pointee.ai_addr, let length = list?.pointee.ai_addrlen else {
      throw Failure(
        operation: "reading the address '\(host)' (use an IPv4 or IPv6 address, or localhost)", code: EINVAL)
    }
    return Data(bytes: address, count: Int(length))
  }

  /// A new TCP socket for an address from ``resolve(host:port:passive:)``.
  static func open(for address: Data) throws -> Int32 {
    let family = address.withUnsafeBytes { $0.load(as: sockaddr.self).sa_family }
    let fd = socket(Int32(family), streamType, 0)
    guard fd >= 0 else { throw Failure(operation: "socket()", code: errno) }
    setCloseOnExec(fd)
    return fd
  }

  /// Runs `call` (`bind`, `connect`) with `address` as a C socket address; 0 means success.
  static func withAddress(
    _ address: Data, _ call: (UnsafePointer<sockaddr>?, socklen_t) -> Int32
  ) -> Int32 {
    address.withUnsafeBytes {
      call($0.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count))
    }
  }

  /// A listening, non-blocking TCP socket bound to `host:port`; returns the descriptor and the bound port.
  package static func listening(host: String, port: UInt16, backlog: Int32 = 1024) throws -> (Int32, UInt16) {
    let address = try resolve(host: host, port: port, passive: true)
    let fd = try open(for: address)
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    func check(_ result: Int32, _ operation: String) throws {
      guard result != 0 else { return }
      let code = errno
      close(fd)
      throw Failure(operation: operation, code: code)
    }
    try check(withAddress(address) { bind(fd, $0, $1) }, "bind(\(host):\(port))")
    try check(listen(fd, backlog), "listen()")
    setNonBlocking(fd)
    return (fd, name(of: fd, getsockname)?.port ?? 0)
  }

  /// The peer's numeric host and port ("127.0.0.1", 53122), or `nil` when it is gone.
  static func peer(_ fd: Int32) -> (host: String, port: UInt16)? {
    name(of: fd, getpeername)
  }

  /// The numeric host and port that `call` (`getsockname`, `getpeername`) reports for `fd`.
  private static func name(
    of fd: Int32, _ call: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
  ) -> (host: String, port: UInt16)? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    var host = [CChar](repeating: 0, count: 64)
    var service = [CChar](repeating: 0, count: 16)
    let code = withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        guard call(fd, $0, &length) == 0 else { return Int32(-1) }
        return getnameinfo(
          $0, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
          NI_NUMERICHOST | NI_NUMERICSERV)
      }
    }
    guard code == 0 else { return nil }
    let text = { (chars: [CChar]) in
      String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return (text(host), UInt16(text(service)) ?? 0)
  }

  /// Waits until `fd` is ready for `events` (or closed, or failed) or `milliseconds` pass.
  static func wait(_ fd: Int32, for events: Int16, milliseconds: Int32) -> Bool {
    var descriptor = pollfd(fd: fd, events: events, revents: 0)
    return poll(&descriptor, 1, milliseconds) > 0
  }

  #if canImport(Glibc)
  private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
  #else
  private static let openFiles = RLIMIT_NOFILE
  #endif

  /// The most descriptors this process may open (its hard `RLIMIT_NOFILE`), 4,096 when unknown.
  static func hardDescriptorLimit() -> Int {
    var limit = rlimit()
    return getrlimit(openFiles, &limit) == 0 ? Int(clamping: limit.rlim_max) : 4_096
  }

  /// Asks for enough descriptors for `count` connections (the soft limit is often 1,024).
  static func raiseDescriptorLimit(toAtLeast count: Int) {
    var limit = rlimit()
    guard getrlimit(openFiles, &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
    limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
    _ = setrlimit(openFiles, &limit)
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

  /// Keeps `fd` out of programs this process starts, so a child cannot hold a socket open.
  static func setCloseOnExec(_ fd: Int32) {
    _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD, 0) | FD_CLOEXEC)
  }

  static func setNonBlocking(_ fd: Int32) {
    let flags = fcntl(fd, F_GETFL, 0)
    _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
  }

  /// Closes `fd`, for types whose own `close` hides the system's.
  package static func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
  }

  /// Ends both directions of `fd` at once, waking any thread blocked on it.
  static func shutdownBoth(_ fd: Int32) {
    _ = shutdown(fd, Int32(SHUT_RDWR))
  }

  /// Reads what is available (up to 16 KiB); 0 means the peer closed, -1 an error (or, on a
  /// non-blocking socket, nothing to read: `errno` is `EAGAIN`).
  static func read(_ fd: Int32, into buffer: inout [UInt8]) -> Int {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: readChunk) { chunk in
      let count = recv(fd, chunk.baseAddress, chunk.count, 0)
      if count > 0 { buffer.append(contentsOf: chunk[0..<count]) }
      return count
    }
  }

  /// Whether the peer closed `fd` (true, or it failed), sent bytes not read yet (false), or
  /// neither (`nil`), without taking any bytes.
  static func peerClosed(_ fd: Int32) -> Bool? {
    var byte: UInt8 = 0
    let count = recv(fd, &byte, 1, Int32(MSG_PEEK))
    if count > 0 { return false }
    return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) ? nil : true
  }

  /// How many bytes ``read(_:into:)`` asks for at once.
  static let readChunk = 16 * 1024

  #if canImport(Glibc)
  private static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
  private static let sendFlags: Int32 = 0
  #endif

  /// Writes all of `bytes`, waiting for room on a non-blocking socket up to `timeoutMilliseconds`
  /// at a time; false when the peer went away or stopped reading.
  static func writeAll(_ fd: Int32, _ bytes: [UInt8], timeoutMilliseconds: Int32 = 10_000) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return -1 }
        return send(fd, base + offset, raw.count - offset, sendFlags)
      }
      if sent < 0 && errno == EINTR { continue }
      if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        guard wait(fd, for: Int16(POLLOUT), milliseconds: timeoutMilliseconds) else { return false }
        continue
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }
}
