import Dispatch
import Foundation
import SQLiteStore

/// A write transaction of `database` held open on another thread until ``release()``: other
/// writes on the same connection queue behind it, and those on another connection find the file
/// locked.
final class HeldWriteLock: Sendable {
  private let releasing = DispatchSemaphore(value: 0)
  private let ended = DispatchSemaphore(value: 0)

  /// Returns once the transaction holds the write lock.
  init(_ database: SQLiteDatabase) {
    let holding = DispatchSemaphore(value: 0)
    Thread.detachNewThread { [releasing, ended] in
      _ = try? database.write { _ in
        holding.signal()
        releasing.wait()
      }
      ended.signal()
    }
    holding.wait()
  }

  /// Ends the transaction and returns once it has.
  func release() {
    releasing.signal()
    ended.wait()
  }
}
