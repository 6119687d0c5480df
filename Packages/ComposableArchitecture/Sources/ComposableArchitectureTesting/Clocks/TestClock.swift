import Dependencies
import Synchronization

/// A clock whose time moves only when a test says so, for testing debounces, timers and
/// timeouts deterministically.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Search.State()) { Search() } withDependencies: {
///   $0.continuousClock = clock
/// }
/// await store.send(.queryChanged("iu")) { $0.query = "iu" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(\.searchResponse) { $0.results = ["IU"] }
/// ```
///
/// ``advance(by:)`` wakes every sleeper whose deadline has come, in deadline order, and after
/// each wake-up waits until the effects of every ``TestStore`` have settled, so an effect that
/// sleeps again within the same advance is woken too. A sleep whose deadline has already come
/// (`sleep(for: .zero)`) still waits for the next ``advance(by:)``, as swift-clocks' `TestClock`
/// does.
public final class TestClock: Clock, Sendable {
  /// An instant of a ``TestClock``: a duration since the clock was made.
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// The time since the clock's start.
    public let offset: Duration

    /// An instant at `offset` from the start.
    public init(offset: Duration = .zero) { self.offset = offset }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "TestClock.Instant(\(offset))" }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Timeline {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextID = 0
  }

  private let timeline: Mutex<Timeline>

  /// A clock at `now` (its start by default).
  public init(now: Instant = Instant()) {
    self.timeline = Mutex(Timeline(now: now))
  }

  /// The clock's current time.
  public var now: Instant { timeline.withLock { $0.now } }

  public var minimumResolution: Duration { .zero }

  /// The number of tasks waiting on the clock.
  public var sleeperCount: Int { timeline.withLock { $0.sleepers.count } }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = timeline.withLock { timeline -> Int in
      defer { timeline.nextID += 1 }
      return timeline.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // A deadline already reached still waits for the next advance, as swift-clocks' test
        // clock does: `sleep(for: .zero)` is a point the test steps the effect past explicitly.
        let isCancelled = timeline.withLock { timeline -> Bool in
          // Checked under the lock: cancelled before this, the handler found nothing to remove.
          if Task.isCancelled { return true }
          timeline.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if isCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = timeline.withLock { timeline -> Sleeper? in
        guard let index = timeline.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return timeline.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper due on the way, in order.
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking every sleeper due on the way, in order.
  public func advance(to deadline: Instant) async {
    await EffectExecutor.shared.settled()
    while let sleeper = nextSleeper(dueBy: deadline) {
      sleeper.continuation.resume()
      await EffectExecutor.shared.settled()
    }
    timeline.withLock { $0.now = max($0.now, deadline) }
  }

  /// Runs the clock until no task sleeps on it any more, then stops.
  public func run() async {
    await EffectExecutor.shared.settled()
    while let deadline = timeline.withLock({ $0.sleepers.map(\.deadline).min() }) {
      await advance(to: deadline)
    }
  }

  /// Removes the earliest sleeper due by `deadline` and moves the clock to its deadline.
  private func nextSleeper(dueBy deadline: Instant) -> Sleeper? {
    timeline.withLock { timeline in
      guard
        let index = timeline.sleepers.indices
          .filter({ timeline.sleepers[$0].deadline <= deadline })
          .min(by: { timeline.sleepers[$0].deadline < timeline.sleepers[$1].deadline })
      else { return nil }
      let sleeper = timeline.sleepers.remove(at: index)
      timeline.now = max(timeline.now, sleeper.deadline)
      return sleeper
    }
  }
}
