import CommonDataModels

/// The step both live followers repeat (a room's messages, the news in every room): ask, hand the
/// answer on, wait, ask again, backing off while asking fails in a way that may pass.
///
/// A failure that may pass is the server unreachable, timing out or failing (5xx), or an answer
/// that cannot be read (a truncated body, text that is not the JSON expected): it is reported
/// with the wait before the next try, and the first answer after it is reported too, so a screen
/// says that news is not arriving and stops saying it. Any other failure (401, 403, 404) ends the
/// stream with that error; cancellation ends it quietly.
package struct LongPoll: Sendable {
  /// The wait after `failures` failures in a row (1 or more).
  package let backoff: @Sendable (_ failures: Int) -> Duration
  /// Waits; injected so tests wait for nothing.
  package let sleep: @Sendable (Duration) async throws -> Void

  /// A loop that waits with `sleep` and backs off by `backoff`.
  package init(
    backoff: @escaping @Sendable (_ failures: Int) -> Duration,
    sleep: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.backoff = backoff
    self.sleep = sleep
  }

  /// Asks with `fetch` and hands each answer to `handle`, which yields what it has to report and
  /// returns how long to wait before asking again, until the task is cancelled or a failure
  /// retrying cannot fix ends `continuation`.
  package func run<Answer, Update: Sendable>(
    into continuation: AsyncThrowingStream<Update, any Error>.Continuation,
    interrupted: (APIError, Duration) -> Update, resumed: Update,
    fetch: () async throws -> Answer, handle: (Answer) -> Duration
  ) async {
    var failures = 0
    while !Task.isCancelled {
      let wait: Duration
      do {
        let answer = try await fetch()
        if failures > 0 { continuation.yield(resumed) }
        failures = 0
        wait = handle(answer)
      } catch {
        let apiError = APIError(error)
        if apiError == .cancelled || Task.isCancelled { break }
        guard Self.mayPass(apiError) else {
          continuation.finish(throwing: apiError)
          return
        }
        failures += 1
        wait = backoff(failures)
        continuation.yield(interrupted(apiError, wait))
      }
      if wait > .zero {
        do { try await sleep(wait) } catch { break }
      }
    }
    continuation.finish()
  }

  /// Whether asking again later may work: a transient failure, or an answer that could not be
  /// read (a proxy's error page, a body cut short), which the next answer may not repeat.
  static func mayPass(_ error: APIError) -> Bool {
    if case .decoding = error { return true }
    return error.isTransient
  }
}
