import Dispatch

/// Runs the tasks of an async ``WireHandler`` on dispatch threads instead of Swift's cooperative
/// pool.
///
/// A worker thread blocks until its handler's task finishes; if that task had to wait for a free
/// cooperative thread, a process whose few cooperative threads are busy (blocked elsewhere, or
/// simply as many as there are cores) would stall every request.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class HandlerTaskExecutor: TaskExecutor {
  private static let queue = DispatchQueue(label: "fromm.http.handler-tasks", attributes: .concurrent)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    Self.queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }
}
