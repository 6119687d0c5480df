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
/// does. A task outside a ``TestStore`` is given a few turns to reach its next sleep before the
/// clock looks for it, as swift-clocks does.
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
    /// Whether the sleeping task is a test store's effect, whose next steps
    /// `EffectExecutor.settled()` waits for exactly.
    let isEffect: Bool
  }

  private struct Timeline {
    var now: Instant
    var sleepers: [Sleeper] = []
    /// Also the number of sleeps begun so far.
    var nextID = 0
    /// Who waits for a woken sleeper to be back in its task, by sleeper id.
    var returnWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
  }

  /// An error ``checkSuspension()`` throws while a task sleeps on the clock.
  public struct SuspensionError: Error, Sendable {}

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
    let isEffect = withUnsafeCurrentTask { task in
      task?.unownedTaskExecutor == EffectExecutor.shared.asUnownedTaskExecutor()
    }
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
          timeline.sleepers.append(
            Sleeper(id: id, deadline: deadline, continuation: continuation, isEffect: isEffect))
          return false
        }
        if isCancelled { continuation.resume(throwing: CancellationError()) }
      }
      // Woken by an advance: it waits until this task runs again.
      timeline.withLock { $0.returnWaiters.removeValue(forKey: id) }?.resume()
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
  ///
  /// After each wake-up it waits until the woken task runs again and everything it set in motion
  /// has settled, so a task that sleeps again before `deadline` is woken in the same advance.
  public func advance(to deadline: Instant) async {
    await letTasksReachTheirSleeps(graceAfterTurns: graceWhileNothingSleeps()) {
      $0.sleepers.contains { $0.deadline <= deadline }
    }
    while let sleeper = nextSleeper(dueBy: deadline) {
      // Counted before the wake: the woken task may sleep again before this one runs again.
      let sleepsBegun = timeline.withLock { $0.nextID }
      await withCheckedContinuation { (returned: CheckedContinuation<Void, Never>) in
        timeline.withLock { $0.returnWaiters[sleeper.id] = returned }
        sleeper.continuation.resume()
      }
      // The woken task's next sleep may come before the sleeps already waiting.
      await letTasksReachTheirSleeps(
        graceAfterTurns: sleeper.isEffect ? .zero : Self.graceForOtherTasks
      ) { $0.nextID > sleepsBegun }
    }
    timeline.withLock { $0.now = max($0.now, deadline) }
  }

  /// Runs the clock until no task sleeps on it any more, then stops.
  ///
  /// A clock with a sleep scheduled for ever (an unbounded timer) never runs out: after
  /// `timeout` of real time, `run` cancels the sleeps left and reports that they did not finish,
  /// rather than holding the test up. Pass a longer `timeout` for a long run on a busy machine.
  public func run(
    timeout: Duration = .seconds(5),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let giveUp = ContinuousClock.now.advanced(by: timeout)
    await letTasksReachTheirSleeps(graceAfterTurns: graceWhileNothingSleeps()) {
      !$0.sleepers.isEmpty
    }
    while let deadline = timeline.withLock({ $0.sleepers.map(\.deadline).min() }) {
      guard ContinuousClock.now < giveUp else {
        cancelSleepers()
        reportIssue(
          """
          Expected all sleeps to finish, but some are still suspending after \(timeout).

          There are sleeps suspending. This could mean you are not advancing the test clock far \
          enough for your feature to execute its logic, or there could be a bug in your feature's \
          logic.

          You can also increase the timeout of 'run' to be greater than \(timeout).
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
      await advance(to: deadline)
    }
  }

  /// Throws ``SuspensionError`` if a task sleeps on the clock, after letting the tasks that are
  /// on their way to a sleep reach it.
  ///
  /// ```swift
  /// await store.send(.startButtonTapped)
  /// await clock.advance(by: .seconds(1))
  /// try await clock.checkSuspension()  // throws while the feature still waits on the clock
  /// ```
  public func checkSuspension() async throws {
    await letTasksReachTheirSleeps(graceAfterTurns: graceWhileNothingSleeps()) {
      !$0.sleepers.isEmpty
    }
    if sleeperCount > 0 { throw SuspensionError() }
  }

  /// Waits for the test stores' effects to settle, then gives other tasks a few turns to sleep
  /// on the clock, and after them up to `grace` of real time, stopping early once `isReady`.
  private func letTasksReachTheirSleeps(
    graceAfterTurns grace: Duration = .zero, until isReady: (borrowing Timeline) -> Bool
  ) async {
    await EffectExecutor.shared.settled()
    var turns = 0
    var graceEnd: ContinuousClock.Instant?
    while !timeline.withLock({ isReady($0) }) {
      turns += 1
      if turns > Self.turnsForOtherTasks {
        let end = graceEnd ?? ContinuousClock.now.advanced(by: grace)
        graceEnd = end
        if ContinuousClock.now >= end { return }
      }
      await Task.yield()
    }
  }

  /// Real time to give a task on its way to a first sleep when nothing sleeps on the clock yet
  /// (the test started a task and advances at once); none when something sleeps already.
  private func graceWhileNothingSleeps() async -> Duration {
    await EffectExecutor.shared.settled()
    return sleeperCount == 0 ? Self.graceForOtherTasks : .zero
  }

  /// How many times the clock yields to tasks outside a ``TestStore`` (swift-clocks' `megaYield`).
  private static let turnsForOtherTasks = 20

  /// How long a task outside a ``TestStore`` has to reach its sleep, after its turns, before the
  /// clock takes it as done: such a task may first have to start, or hop to another actor, and a
  /// busy machine can hold its thread off the processor for tens of milliseconds.
  private static let graceForOtherTasks = Duration.milliseconds(50)

  /// Ends every sleep with `CancellationError`.
  private func cancelSleepers() {
    let sleepers = timeline.withLock { timeline in
      defer { timeline.sleepers.removeAll() }
      return timeline.sleepers
    }
    for sleeper in sleepers { sleeper.continuation.resume(throwing: CancellationError()) }
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
