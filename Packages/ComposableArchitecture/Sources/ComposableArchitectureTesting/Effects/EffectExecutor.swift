import Dispatch
import Synchronization

/// The executor that runs the effects of every ``TestStore``, one job at a time, counting the
/// work it has not finished.
///
/// It is what makes tests deterministic without sleeps: when ``TestClock`` wakes an effect, it
/// waits until this executor has no job left and no effect is on its way to or from the main actor — that is,
/// until everything the wake-up set in motion has run or is waiting on something new.
///
/// Its jobs run on the main queue, which also serves the main actor: an effect's trips to the
/// store and back, and the test's wait for them, then stay on one thread instead of waking
/// another one per hop (tens of microseconds each on a busy machine).
final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  // Unchecked: all mutable state is behind `state`; the main queue is serial.
  static let shared = EffectExecutor()

  private struct Counters {
    var pendingJobs = 0
    var hops = 0
    var waiters: [CheckedContinuation<Void, Never>] = []

    var isSettled: Bool { pendingJobs == 0 && hops == 0 }
  }

  private let state = Mutex(Counters())

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.pendingJobs += 1 }
    DispatchQueue.main.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.update { $0.pendingJobs -= 1 }
    }
  }

  /// Marks an effect's hop to the main actor (an action on its way to a store, the next step of
  /// a sequence, the effect's end), so that the hop does not look like quiet.
  func hopStarted() { update { $0.hops += 1 } }

  /// Marks a hop done: the effect is back on this executor.
  func hopFinished() { update { $0.hops -= 1 } }

  /// Returns once no effect job is queued or running and no effect is hopping to the main actor.
  @MainActor func settled() async {
    if state.withLock({ $0.isSettled }) { return }
    // A resumed continuation first goes to the task's executor preference, or else to a thread
    // of the global pool woken only to hop back to the main actor. Preferring this executor keeps
    // the whole wake-up on the main queue, where the effects run too.
    await withTaskExecutorPreference(self) {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = state.withLock { counters in
          if counters.isSettled { return true }
          counters.waiters.append(continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    }
  }

  private func update(_ change: (inout Counters) -> Void) {
    let ready = state.withLock { counters -> [CheckedContinuation<Void, Never>] in
      change(&counters)
      guard counters.isSettled else { return [] }
      defer { counters.waiters.removeAll() }
      return counters.waiters
    }
    for waiter in ready { waiter.resume() }
  }
}
