import Dispatch
import Foundation
import Synchronization

/// Lets at most `limit` password hashes run at once; the rest wait their turn.
///
/// A yescrypt hash takes ~16 MiB for ~25 ms, so 64 sign-ins at once would take ~1 GiB; hashing
/// more at once than there are cores is no faster anyway. Waiting callers hold no hash memory.
final class HashGate: Sendable {
  private let slots: DispatchSemaphore
  private let counts = Mutex<(running: Int, peak: Int)>((0, 0))

  init(limit: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.slots = DispatchSemaphore(value: max(1, limit))
  }

  /// The most hashes that ran at the same time so far.
  var peak: Int { counts.withLock { $0.peak } }

  func run<T>(_ body: () throws -> T) rethrows -> T {
    slots.wait()
    counts.withLock { counts in
      counts.running += 1
      counts.peak = max(counts.peak, counts.running)
    }
    defer {
      counts.withLock { $0.running -= 1 }
      slots.signal()
    }
    return try body()
  }
}
