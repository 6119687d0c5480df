import Foundation

extension BackendCore {
  /// Holds a long poll: checks `isReady` every ``longPollCheckInterval`` until it is true or
  /// `seconds` pass (with 0 seconds, it checks once).
  ///
  /// It looks rather than waits for a signal, because the other app may write to the same
  /// database from another process.
  static func holdLongPoll(seconds: Int64, until isReady: () throws -> Bool) throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    while try !isReady() {
      let now = clock.now
      guard now < deadline else { return }
      let pause = min(longPollCheckInterval, deadline - now)
      Thread.sleep(
        forTimeInterval: Double(pause.components.attoseconds) / 1e18 + Double(pause.components.seconds))
    }
  }
}
