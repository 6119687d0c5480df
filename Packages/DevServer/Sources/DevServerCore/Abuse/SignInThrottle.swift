import Foundation
import Synchronization

/// Slows down password guessing and username enumeration.
///
/// Failed sign-ins are counted per account and per client address. After a few free failures
/// each further one blocks that account (or address) for a delay that doubles up to a ceiling;
/// while blocked, sign-in answers 429 with `retry-after` without hashing anything. Account checks
/// and sign-ups are limited per address to a fixed number per minute. A success clears the
/// account's count; counts are forgotten after a quiet period.
final class SignInThrottle: Sendable {
  /// How many attempts are free and how long the back-off grows.
  struct Limits: Sendable {
    /// Failed sign-ins per account before the back-off starts.
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
    /// How many accounts and addresses are tracked before quiet entries are dropped.
    var maxTracked = 10_000

    static let standard = Limits()
  }

  struct Failures {
    var count = 0
    var last = Date.distantPast
    var blockedUntil = Date.distantPast
  }

  struct Lookups {
    var windowStart = Date.distantPast
    var count = 0
  }

  struct State {
    var accounts: [String: Failures] = [:]
    var addresses: [String: Failures] = [:]
    var lookups: [String: Lookups] = [:]
  }

  let limits: Limits
  private let state = Mutex(State())

  init(limits: Limits = .standard) {
    self.limits = limits
  }

  /// How many accounts, addresses and lookup windows are tracked (for tests of the bound).
  var trackedCount: Int {
    state.withLock { $0.accounts.count + $0.addresses.count + $0.lookups.count }
  }

  /// Seconds until `username` may be tried again from `address`, or `nil` when it may be now.
  func waitBeforeSignIn(username: String, address: String, now: Date) -> TimeInterval? {
    state.withLock { state in
      let blockedUntil = max(
        state.accounts[username]?.blockedUntil ?? .distantPast,
        state.addresses[address]?.blockedUntil ?? .distantPast)
      let wait = blockedUntil.timeIntervalSince(now)
      return wait > 0 ? wait : nil
    }
  }

  /// Counts a wrong password for `username` from `address`.
  func signInFailed(username: String, address: String, now: Date) {
    state.withLock { state in
      prune(&state, now: now)
      record(&state.accounts[username, default: Failures()], free: limits.freeFailuresPerAccount, now: now)
      record(&state.addresses[address, default: Failures()], free: limits.freeFailuresPerAddress, now: now)
    }
  }

  /// Clears `username`'s failures after a correct password.
  func signInSucceeded(username: String) {
    state.withLock { _ = $0.accounts.removeValue(forKey: username) }
  }

  /// Counts one account check or sign-up from `address`; returns the seconds to wait when the
  /// address has used up this minute's lookups.
  func admitLookup(address: String, now: Date) -> TimeInterval? {
    state.withLock { state in
      prune(&state, now: now)
      var entry = state.lookups[address] ?? Lookups()
      if now.timeIntervalSince(entry.windowStart) >= 60 {
        entry = Lookups(windowStart: now, count: 0)
      }
      guard entry.count < limits.lookupsPerMinute else {
        return max(1, 60 - now.timeIntervalSince(entry.windowStart))
      }
      entry.count += 1
      state.lookups[address] = entry
      return nil
    }
  }

  private func record(_ failures: inout Failures, free: Int, now: Date) {
    if now.timeIntervalSince(failures.last) > limits.forgetAfter { failures = Failures() }
    failures.count += 1
    failures.last = now
    let excess = failures.count - free
    guard excess > 0 else { return }
    let delay = min(limits.longestDelay, limits.firstDelay * pow(2, Double(min(excess - 1, 30))))
    failures.blockedUntil = now.addingTimeInterval(delay)
  }

  /// Keeps memory bounded under a flood of made-up usernames: quiet entries go first, then all
  /// entries that are not blocking anyone right now.
  private func prune(_ state: inout State, now: Date) {
    let tracked = state.accounts.count + state.addresses.count + state.lookups.count
    guard tracked > limits.maxTracked else { return }
    let quiet = { (entry: Failures) in now.timeIntervalSince(entry.last) > self.limits.forgetAfter }
    state.accounts = state.accounts.filter { !quiet($0.value) }
    state.addresses = state.addresses.filter { !quiet($0.value) }
    state.lookups = state.lookups.filter { now.timeIntervalSince($0.value.windowStart) < 60 }
    if state.accounts.count + state.addresses.count + state.lookups.count > limits.maxTracked {
      state.accounts = state.accounts.filter { $0.value.blockedUntil > now }
      state.addresses = state.addresses.filter { $0.value.blockedUntil > now }
    }
  }
}
