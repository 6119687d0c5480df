#if canImport(Glibc)
import CEpoll
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells which of many descriptors are readable: epoll on Linux, poll(2) elsewhere.
///
/// Used only by the server's event-loop thread, so an idle connection costs a descriptor and its
/// buffer, not a thread.
final class Poller {
  #if os(Linux)
  private let epoll: Int32
  private var events = [epoll_event](repeating: epoll_event(), count: 256)
  #else
  private var watched: Set<Int32> = []
  #endif

  init() throws {
    #if os(Linux)
    epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
    guard epoll >= 0 else { throw Socket.Failure(operation: "epoll_create1()", code: errno) }
    #endif
  }

  deinit {
    #if os(Linux)
    Socket.closeDescriptor(epoll)
    #endif
  }

  /// Starts reporting `fd` when it becomes readable (or closed).
  func add(_ fd: Int32) {
    #if os(Linux)
    var event = epoll_event()
    event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
    event.data.fd = fd
    _ = epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    #else
    watched.insert(fd)
    #endif
  }

  /// Stops reporting `fd` (before it is handed to a worker or closed).
  func remove(_ fd: Int32) {
    #if os(Linux)
    var event = epoll_event()
    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &event)
    #else
    watched.remove(fd)
    #endif
  }

  /// Waits up to `milliseconds` and returns the descriptors that are ready.
  func wait(milliseconds: Int32) -> [Int32] {
    #if os(Linux)
    let count = events.withUnsafeMutableBufferPointer { buffer in
      epoll_wait(epoll, buffer.baseAddress, Int32(buffer.count), milliseconds)
    }
    guard count > 0 else { return [] }
    return (0..<Int(count)).map { events[$0].data.fd }
    #else
    var descriptors = watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    guard count > 0 else { return [] }
    return descriptors.filter { $0.revents != 0 }.map(\.fd)
    #endif
  }
}
