import CommonDataModels
import Dispatch
import Foundation
import Synchronization

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
      Thread.sleep(forTimeInterval: timeInterval(pause))
    }
  }

  /// Answers a long poll with `respond` once `isReady` is true or `seconds` pass.
  ///
  /// Without `later`, this thread holds the poll (``holdLongPoll(seconds:until:)``). With it, a
  /// poll that is not ready at once is handed to ``HeldPolls`` and this returns `nil`: the
  /// caller's thread (an HTTP worker) is free, and the answer goes to `later`.
  func answerLongPoll(
    seconds: Int64, later: RouteOutcome?, isReady: @escaping @Sendable () throws -> Bool,
    respond: @escaping @Sendable () throws -> WireResponse
  ) throws -> WireResponse? {
    guard let later, seconds > 0 else {
      try Self.holdLongPoll(seconds: seconds, until: isReady)
      return try respond()
    }
    if try isReady() { return try respond() }
    heldPolls.hold(
      until: ContinuousClock.now + .seconds(seconds), isReady: isReady,
      answer: { later(Result(catching: respond)) },
      fail: { later(.failure($0)) })
    return nil
  }
}

/// Long polls waiting for news without a thread each: one thread looks for every held poll's
/// news every ``BackendCore/longPollCheckInterval`` and answers those whose news arrived or whose
/// wait ended.
///
/// Looking, rather than being told, is what lets news written by another process (the other app
/// on the same database) end a poll. A round looks only when `changes` (the database's
/// ``SQLiteDatabase/changeCounter()``) moved since the last round, except at a poll new since
/// then: with nothing committed, no poll's news can have arrived. The thread runs only while
/// polls are held. This process's own posts start a round at once (``somethingChanged()``), so
/// their news arrives without waiting for the interval.
final class HeldPolls: Sendable {
  private struct Poll: Sendable {
    let deadline: ContinuousClock.Instant
    let isReady: @Sendable () throws -> Bool
    let answer: @Sendable () -> Void
    let fail: @Sendable (any Error) -> Void
    /// Not looked at by a round yet.
    var isNew = true
  }

  private struct State {
    /// The polls the next round checks (the running round has taken the rest out).
    var polls: [Poll] = []
    /// Every held poll: those in `polls` and those the running round checks.
    var held = 0
    /// Set by ``endAll()``: every poll is answered at the next round, a new one at once.
    var ending = false
  }

  private let state = Mutex(State())
  private let interval: Duration
  private let changes: @Sendable () throws -> Int64
  /// Signalled by ``somethingChanged()`` to start the next round at once.
  private let wakeUp = DispatchSemaphore(value: 0)
  /// Whether a wake-up is signalled and not yet taken, so a burst of posts signals once.
  private let wakeUpPending = Atomic<Bool>(false)
  /// Whether the checking thread runs: changed only under `state`'s lock, read without it by
  /// ``somethingChanged()``.
  private let checking = Atomic<Bool>(false)
  /// Answers run here, so a slow one (a page read waiting for another process's lock) holds up
  /// neither the checks nor the other answers.
  private let answering = DispatchQueue(
    label: "fromm.held-polls", qos: .userInitiated, attributes: .concurrent)

  /// Polls checked every `interval`, looking for news only when `changes` moved (or it throws).
  init(interval: Duration, changes: @escaping @Sendable () throws -> Int64) {
    self.interval = interval
    self.changes = changes
  }

  /// How many polls are held now.
  var count: Int { state.withLock { $0.held } }

  /// Starts the next round now rather than at the end of the interval: this process committed
  /// something the held polls may be waiting for (a post). Costs an atomic load while no poll is
  /// held.
  func somethingChanged() {
    guard checking.load(ordering: .relaxed),
      !wakeUpPending.exchange(true, ordering: .acquiringAndReleasing)
    else { return }
    wakeUp.signal()
  }

  /// Answers every held poll now, and every poll held from now on at once, as if its wait had
  /// ended: the server is stopping, and a held poll would keep its connection open.
  func endAll() {
    let running = state.withLock { state in
      state.ending = true
      return checking.load(ordering: .relaxed)
    }
    if running { wakeUp.signal() }
  }

  /// Holds a poll until `isReady` is true (then `answer`), it throws (then `fail`), or `deadline`
  /// passes (then `answer`).
  func hold(
    until deadline: ContinuousClock.Instant, isReady: @escaping @Sendable () throws -> Bool,
    answer: @escaping @Sendable () -> Void, fail: @escaping @Sendable (any Error) -> Void
  ) {
    let startsChecking = state.withLock { state -> Bool? in
      guard !state.ending else { return nil }
      state.polls.append(Poll(deadline: deadline, isReady: isReady, answer: answer, fail: fail))
      state.held += 1
      return !checking.exchange(true, ordering: .relaxed)
    }
    switch startsChecking {
    case nil: answering.async(execute: answer)
    case true?: Thread.detachNewThread { self.check() }
    case false?: break
    }
  }

  /// The checking thread's life: every interval, answer the polls that are done; end once none
  /// is held.
  private func check() {
    var lastSeen: Int64?
    while true {
      if wakeUp.wait(timeout: .now() + timeInterval(interval)) == .success {
        wakeUpPending.store(false, ordering: .releasing)
      }
      // Read before the polls are taken: a commit after this read moves it for the next round.
      let seen = try? changes()
      let changed = seen == nil || seen != lastSeen
      lastSeen = seen
      let (polls, ending) = state.withLock { state in
        defer { state.polls.removeAll(keepingCapacity: true) }
        return (state.polls, state.ending)
      }
      var waiting: [Poll] = []
      var done: [(poll: Poll, error: (any Error)?)] = []
      let now = ContinuousClock.now
      for var poll in polls {
        do {
          let looks = changed || poll.isNew
          if try ending || now >= poll.deadline || (looks && poll.isReady()) {
            done.append((poll, nil))
          } else {
            poll.isNew = false
            waiting.append(poll)
          }
        } catch {
          done.append((poll, error))
        }
      }
      let ends = state.withLock { state -> Bool in
        state.polls.append(contentsOf: waiting)
        state.held -= done.count
        guard state.polls.isEmpty else { return false }
        checking.store(false, ordering: .relaxed)
        return true
      }
      for (poll, error) in done {
        answering.async {
          if let error { poll.fail(error) } else { poll.answer() }
        }
      }
      if ends { return }
    }
  }
}

/// `duration` in seconds, for the APIs that take a `TimeInterval`.
private func timeInterval(_ duration: Duration) -> TimeInterval {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
