import Foundation

/// A value behind a plain mutex (`NSLock`: a futex that sleeps at once when taken).
///
/// Used on the request path instead of `Synchronization.Mutex`, whose slow path spins: with more
/// worker threads than cores, a spinning waiter burns the time slice the preempted holder needs.
/// Shared by the HTTP layer and the SQLite store (package access: not part of any public API).
package final class PlainLock<Value>: @unchecked Sendable {
  // @unchecked: `value` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var value: Value

  /// Creates the lock around `value`.
  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while no other thread holds the lock; waits (sleeping) for it.
  package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
