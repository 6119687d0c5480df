import Synchronization

#if canImport(Glibc)
import CEpoll
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells which of many descriptors are readable: epoll on Linux, poll(2) elsewhere.
///
/// Every registration is one-shot: once a descriptor is reported it stays quiet until ``rearm(_:id:)``,
/// so many threads may wait at once and exactly one of them owns each readable connection. Each
/// descriptor carries an `id` chosen by the caller, which is what ``wait(into:milliseconds:)``
/// reports; a stale report for a closed connection then names an id nobody uses any more rather
/// than a descriptor number that may already belong to someone else.
final class Poller: @unchecked Sendable {
  // @unchecked: epoll is safe to use from many threads; the poll(2) fallback keeps its table in
  // a Mutex.
  #if os(Linux)
  private let epoll: Int32
  #else
  private struct Watch {
    var id: UInt64
    var armed: Bool
    var persistent: Bool
  }
  private let watched = Mutex<[Int32: Watch]>([:])
  /// Written whenever a descriptor is armed, so a thread already in poll(2) looks again.
  private let rearmed = WakeUpPipe()
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

  /// Starts watching `fd`: the next time it is readable (or closed) one waiting thread gets `id`;
  /// while it stays readable, every wait does when `persistent` (the stop signal).
  func add(_ fd: Int32, id: UInt64, persistent: Bool = false) {
    #if os(Linux)
    control(EPOLL_CTL_ADD, fd, id: id, oneShot: !persistent)
    #else
    watched.withLock { $0[fd] = Watch(id: id, armed: true, persistent: persistent) }
    rearmed.signal()
    #endif
  }

  /// Watches `fd` again after its last report was handled.
  func rearm(_ fd: Int32, id: UInt64) {
    #if os(Linux)
    control(EPOLL_CTL_MOD, fd, id: id, oneShot: true)
    #else
    watched.withLock { $0[fd]?.armed = true }
    rearmed.signal()
    #endif
  }

  /// Stops watching `fd` (before it is closed).
  func remove(_ fd: Int32) {
    #if os(Linux)
    var event = epoll_event()
    _ = epoll_ctl(epoll, EPOLL_CTL_DEL, fd, &event)
    #else
    _ = watched.withLock { $0.removeValue(forKey: fd) }
    #endif
  }

  #if os(Linux)
  private func control(_ operation: Int32, _ fd: Int32, id: UInt64, oneShot: Bool) {
    var event = epoll_event()
    event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (oneShot ? EPOLLONESHOT.rawValue : 0)
    event.data.u64 = id
    _ = epoll_ctl(epoll, operation, fd, &event)
  }
  #endif

  /// Waits up to `milliseconds` (-1: without limit) and puts the ids of ready descriptors in `ready`
  /// (at most its capacity, at least one).
  func wait(into ready: inout [UInt64], limit: Int, milliseconds: Int32) {
    ready.removeAll(keepingCapacity: true)
    #if os(Linux)
    withUnsafeTemporaryAllocation(of: epoll_event.self, capacity: max(1, limit)) { events in
      let count = epoll_wait(epoll, events.baseAddress, Int32(events.count), milliseconds)
      for index in 0..<max(0, Int(count)) { ready.append(events[index].data.u64) }
    }
    #else
    let snapshot = watched.withLock { table in table.filter { $0.value.armed }.map { ($0.key, $0.value.id) } }
    var descriptors = snapshot.map { pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0) }
    descriptors.append(pollfd(fd: rearmed.readEnd, events: Int16(POLLIN), revents: 0))
    // Arming elsewhere writes the pipe, but a bounded wait also covers a missed wake-up.
    let timeout = milliseconds < 0 ? 50 : min(milliseconds, 50)
    guard poll(&descriptors, nfds_t(descriptors.count), timeout) > 0 else { return }
    if descriptors.last?.revents != 0 { rearmed.drain() }
    watched.withLock { table in
      for descriptor in descriptors.dropLast() where descriptor.revents != 0 && ready.count < limit {
        // Another thread may have taken this one between the snapshot and now.
        guard let watch = table[descriptor.fd], watch.armed else { continue }
        if !watch.persistent { table[descriptor.fd]?.armed = false }
        ready.append(watch.id)
      }
    }
    #endif
  }
}
