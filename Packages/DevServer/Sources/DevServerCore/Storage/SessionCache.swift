import CommonDataModels
import Foundation

/// Sessions verified in the last moment, so a client polling every few hundred milliseconds does
/// not cost a hash and a query per request.
///
/// Entries live ``lifetime`` (2 s, on the monotonic clock) and never past the session's own
/// expiry. Signing out and profile changes in this process drop the affected entries at once; a
/// sign-out or profile change made by another process sharing the data folder takes effect here
/// within ``lifetime``.
final class SessionCache: @unchecked Sendable {
  // @unchecked: `entries` is used only while `lock` is held. A plain lock rather than a spinning
  // Mutex: many worker threads share two cores, and a spinning waiter delays the preempted holder.
  struct Entry {
    var account: AccountRecord
    var expiresAt: Date
    var verifiedAt: ContinuousClock.Instant
  }

  static let lifetime: Duration = .seconds(2)
  /// Beyond this many entries the oldest half goes, so a flood of tokens cannot grow it without end.
  static let capacity = 4_096

  private let lock = NSLock()
  private var entries: [String: Entry] = [:]

  /// The cached account behind `token`, if verified within ``lifetime`` and not expired by `now`.
  func lookUp(_ token: String, now: Date) -> (account: AccountRecord, expiresAt: Date)? {
    let instant = ContinuousClock.now
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entries[token] else { return nil }
    guard instant - entry.verifiedAt < Self.lifetime, entry.expiresAt > now else {
      entries[token] = nil
      return nil
    }
    return (entry.account, entry.expiresAt)
  }

  func remember(_ token: String, account: AccountRecord, expiresAt: Date) {
    let instant = ContinuousClock.now
    lock.lock()
    defer { lock.unlock() }
    if entries.count >= Self.capacity {
      entries = entries.filter { instant - $0.value.verifiedAt < Self.lifetime / 2 }
    }
    entries[token] = Entry(account: account, expiresAt: expiresAt, verifiedAt: instant)
  }

  /// Drops `token` (signed out).
  func forget(token: String) {
    lock.withLock { entries[token] = nil }
  }

  /// Drops every entry of `account` (its profile changed).
  func forget(account: AccountID) {
    lock.withLock { entries = entries.filter { $0.value.account.id != account } }
  }
}
