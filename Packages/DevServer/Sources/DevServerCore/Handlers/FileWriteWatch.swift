import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Calls `written` whenever a file is written, by this process or another: how held polls hear
/// of a commit by another program on the same database (its write-ahead log is written) without
/// looking at it on a timer. inotify on Linux, a kqueue vnode source on Apple platforms.
final class FileWriteWatch: @unchecked Sendable {
  // @unchecked: the source is only cancelled, once, in deinit; Dispatch sources are thread-safe.
  private let source: any DispatchSourceProtocol

  /// `nil` when the file cannot be watched (it does not exist, or no watch is left).
  init?(path: String, written: @escaping @Sendable () -> Void) {
    let queue = DispatchQueue(label: "fromm.file-write-watch")
    #if canImport(Glibc)
    let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else { return nil }
    guard inotify_add_watch(fd, path, UInt32(IN_MODIFY)) >= 0 else {
      _ = close(fd)
      return nil
    }
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
    source.setEventHandler {
      // The events say only "written": drain them, or the source fires again at once.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4_096) { events in
        while read(fd, events.baseAddress, events.count) > 0 {}
      }
      written()
    }
    #else
    let fd = open(path, O_EVTONLY)
    guard fd >= 0 else { return nil }
    let source = DispatchSource.makeFileSystemObjectSource(
      fileDescriptor: fd, eventMask: [.write, .extend], queue: queue)
    source.setEventHandler(handler: written)
    #endif
    source.setCancelHandler { _ = close(fd) }
    source.activate()
    self.source = source
  }

  deinit { source.cancel() }
}
