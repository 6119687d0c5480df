import Foundation
import Synchronization

/// Where idle workers beyond ``HTTPServerConfiguration/maxIdleWorkers`` wait, out of the poller.
///
/// Every worker waiting in the poller is a thread the kernel may wake for the next request, where
/// a worker just finishing one would have found it ready without sleeping: with 32 workers and
/// 16 busy connections most requests cost a wake-up. Parked workers come back when every worker in
/// the poller is answering, so held requests still never keep a fresh one waiting.
final class WorkerParking: @unchecked Sendable {
  // Unchecked: `protected` is only read and written while `state` is locked.
  private struct State {
    /// Workers waiting here, including those already told to leave.
    var waiting = 0
    /// Wake-ups handed out and not yet taken by a waiting worker.
    var wakeUps = 0
  }

  private let state = NSCondition()
  private var protected = State()
  private let parkedNow = Atomic<Int>(0)

  /// Workers parked and not yet told to leave; read without the lock, so a hint.
  var parked: Int { parkedNow.load(ordering: .relaxed) }

  /// Waits until ``unparkOne()`` picks this worker or `shouldLeave` turns true (checked every
  /// 100 ms, so a stopping server never waits on a parked worker).
  func park(until shouldLeave: () -> Bool) {
    state.lock()
    defer { state.unlock() }
    protected.waiting += 1
    defer { protected.waiting -= 1 }
    parkedNow.add(1, ordering: .relaxed)
    while protected.wakeUps == 0 {
      if shouldLeave() {
        parkedNow.subtract(1, ordering: .relaxed)
        return
      }
      _ = state.wait(until: Date(timeIntervalSinceNow: 0.1))
    }
    protected.wakeUps -= 1
  }

  /// Tells one parked worker to go back to the poller; false when none is parked.
  @discardableResult
  func unparkOne() -> Bool {
    state.lock()
    defer { state.unlock() }
    guard protected.waiting > protected.wakeUps else { return false }
    protected.wakeUps += 1
    parkedNow.subtract(1, ordering: .relaxed)
    state.signal()
    return true
  }
}
