import Foundation
import Synchronization

/// Slows down password guessing and username enumeration, in this process.
///
/// Sign-in failures count per account and address together, and per address, before the
/// password is checked (so guesses sent at once count at once), and are taken back when it is
/// right. Past a few free failures each one blocks that pair (or address) for a doubling delay:
/// 429 with `retry-after`, nothing hashed. The right password from an address that has not been
/// guessing always signs in. Account checks and sign-ups are limited per address per minute.
/// Times are monotonic, so a step of the wall clock neither ends a block early nor stretches it.
final class SignInThrottle: Sendable {
  /// How many attempts are free and how long the back-off grows.
  struct Limits: Sendable {
    /// Failed sign-ins for one account from one address before the back-off starts.
    var freeFailuresPerAccount = 5
    /// Failed sign-ins per client address (any accounts) before the back-off starts.
    var freeFailuresPerAddress = 20
    /// The first delay, doubled by every further failure.
    var firstDelay: TimeInterval = 1
    /// The longest delay.
    var longestDelay: TimeInterval = 300
    /// A count with no failure for this long starts again from zero.
    var forgetAfter: TimeInterval = 15 * 60
    /// Account checks and sign-ups per client address per minute.
    var lookupsPerMinute = 30
    /// How many pairs and addresses are tracked before quiet entries are dropped.
    var maxTracked = 10_000
  }

  struct Failures {
    var count = 0
    var last = -TimeInterval.infinity
    var blockedUntil = -TimeInterval.infinity
  }

  struct Lookups {
    var windowStart = -TimeInterval.infinity
    var count = 0
  }

  /// What failures count against: an account tried from an address, or the address alone.
  enum Key: Hashable {
    case pair(username: String, address: String)
    case address(String)
  }

  struct State {
    var failures: [Key: Failures] = [:]
    var lookups: [String: Lookups] = [:]
  }

  let limits: Limits
  /// Seconds on a monotonic clock.
  private let clock: @Sendable () -> TimeInterval
  private let state = Mutex(State())

  init(limits: Limits = Limits(), clock: @escaping @Sendable () -> TimeInterval = monotonicSeconds) {
    self.limits = limits
    self.clock = clock
  }

  /// Seconds since this process's first look, on a clock the wall clock's steps do not move.
  static let monotonicSeconds: @Sendable () -> TimeInterval = {
    (ContinuousClock.now - processStart) / .seconds(1)
  }
  private static let processStart = ContinuousClock.now

  /// How many pairs, addresses and lookup windows are tracked (for tests of the bound).
  var trackedCount: Int {
    state.withLock { $0.failures.count + $0.lookups.count }
  }

  /// Counts an attempt at `username` from `address` as a failure before its password is checked;
  /// returns the seconds to wait, counting nothing, when the pair or the address is blocked.
  func reserveSignIn(username: String, address: String) -> TimeInterval? {
    let now = clock()
    let counted = [
      (Key.pair(username: username, address: address), limits.freeFailuresPerAccount),
      (.address(address), limits.freeFailuresPerAddress),
    ]
    return state.withLock { state in
      let blockedUntil = counted.map { state.failures[$0.0]?.blockedUntil ?? -.infinity }.max() ?? -.infinity
      guard blockedUntil <= now else { return blockedUntil - now }
      prune(&state, now: now)
      for (key, free) in counted { record(&state.failures[key, default: Failures()], free: free, now: now) }
      return nil
    }
  }

  /// Takes back the failure ``reserveSignIn(username:address:)`` counted, the password being
  /// right, and clears the pair's count.
  func signInSucceeded(username: String, address: String) {
    state.withLock { state in
      state.failures[.pair(username: username, address: address)] = nil
      guard var failures = state.failures[.address(address)] else { return }
      failures.count -= 1
      if failures.count <= limits.freeFailuresPerAddress { failures.blockedUntil = -.infinity }
      state.failures[.address(address)] = failures.count > 0 ? failures : nil
    }
  }

  /// Counts one account check or sign-up from `address`; returns the seconds to wait when the
  /// address has used up this minute's lookups.
  func admitLookup(address: String) -> TimeInterval? {
    let now = clock()
    return state.withLock { state in
      prune(&state, now: now)
      var entry = state.lookups[address] ?? Lookups()
      if now - entry.windowStart >= 60 {
        entry = Lookups(windowStart: now, count: 0)
      }
      guard entry.count < limits.lookupsPerMinute else {
        return max(1, 60 - (now - entry.windowStart))
      }
      entry.count += 1
      state.lookups[address] = entry
      return nil
    }
  }

  private func record(_ failures: inout Failures, free: Int, now: TimeInterval) {
    if now - failures.last > limits.forgetAfter { failures = Failures() }
    failures.count += 1
    failures.last = now
    let excess = failures.count - free
    guard excess > 0 else { return }
    let delay = min(limits.longestDelay, limits.firstDelay * pow(2, Double(min(excess - 1, 30))))
    failures.blockedUntil = now + delay
  }

  /// Keeps memory bounded under a flood of made-up usernames: quiet entries go first, then all
  /// entries that are not blocking anyone right now.
  private func prune(_ state: inout State, now: TimeInterval) {
    guard state.failures.count + state.lookups.count > limits.maxTracked else { return }
    state.failures = state.failures.filter { now - $0.value.last <= limits.forgetAfter }
    state.lookups = state.lookups.filter { now - $0.value.windowStart < 60 }
    if state.failures.count + state.lookups.count > limits.maxTracked {
      state.failures = state.failures.filter { $0.value.blockedUntil > now }
    }
  }
}
