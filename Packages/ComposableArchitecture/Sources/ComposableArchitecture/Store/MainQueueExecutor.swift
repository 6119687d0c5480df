import Dispatch

/// Runs jobs on the main dispatch queue, which also serves the main actor.
///
/// A task on the main actor that waits for something finishing on the main actor is woken
/// through this executor rather than through the main actor's own: the main actor's enqueue
/// wakes another thread each time (about as long as a hop to the global pool and back on Linux,
/// even when made from the main queue itself), while a job added to the main queue from the
/// main queue runs next on the same thread. The waiting task resumes here, finds itself on the
/// main queue, and is back on the main actor without another hop.
final class MainQueueExecutor: TaskExecutor, @unchecked Sendable {
  // Unchecked: it has no state.
  static let shared = MainQueueExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    DispatchQueue.main.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
