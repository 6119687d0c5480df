import CommonDataModels

/// The step both live followers repeat (a room's messages, the news in every room): asks with
/// `fetch` and hands each answer to `handle`, which yields what it has to report and returns how
/// long to wait before asking again, until the task is cancelled.
///
/// A failure that may pass (the server unreachable, timing out or failing, or an answer that
/// cannot be read: a body cut short, an HTML error page) is reported with `interrupted` and the
/// wait `backoff` gives after that many failures in a row, and the first answer after it with
/// `resumed`, so a screen says that news is not arriving and stops saying it. Any other failure
/// (401, 403, 404) ends the stream with that error; cancellation ends it quietly.
package func followWithBackoff<Answer, Update: Sendable>(
  into continuation: AsyncThrowingStream<Update, any Error>.Continuation,
  interrupted: (APIError, Duration) -> Update, resumed: Update, backoff: (_ failures: Int) -> Duration,
  sleep: (Duration) async throws -> Void, fetch: () async throws -> Answer, handle: (Answer) -> Duration
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
      // An unreadable answer may be a proxy's page or a cut connection: the next may be whole.
      let mayPass = if case .decoding = apiError { true } else { apiError.isTransient }
      guard mayPass else {
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
