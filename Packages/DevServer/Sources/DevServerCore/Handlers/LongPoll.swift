import CommonDataModels
import Dispatch
import Foundation
import Synchronization

extension BackendCore {
  /// Answers a long poll with `respond` once `isReady` is true or `seconds` pass.
  ///
  /// A poll not ready at once is handed to ``HeldPolls`` and this returns `nil`: the answer goes
  /// to `later`, and the caller's thread (an HTTP worker) is free.
  func answerLongPoll(
    seconds: Int64, later: @escaping RouteOutcome, isReady: @escaping @Sendable () throws -> Bool,
    respond: @escaping @Sendable () throws -> WireResponse
  ) throws -> WireResponse? {
    if try isReady() || seconds <= 0 { return try respond() }
    heldPolls.hold(
      until: ContinuousClock.now + .seconds(seconds), isReady: isReady,
      answer: { error in later(error.map { .failure($0) } ?? Result(catching: respond)) })
    return nil
  }
}

/// Long polls waiting for news without a thread each: one thread, running while any is held,
/// answers every poll whose news arrived or whose wait ended.
///
/// It sleeps until woken, not on a timer: by a post of this process (``somethingChanged()``), a
/// write to the database's log by any process (a ``FileWriteWatch``), a new poll, or the nearest
/// deadline. It looks for news only when `changes` (``SQLiteDatabase/changeCounter()``) moved
/// since its last look, or at a poll new since then.
final class HeldPolls: Sendable {
  private struct Poll: Sendable {
    let deadline: ContinuousClock.Instant
    let isReady: @Sendable () throws -> Bool
    let answer: @Sendable ((any Error)?) -> Void
    /// Not looked at by a round yet.
    var isNew = true
  }

  private struct State {
    /// The polls the next round checks; `held` counts those the running round took out too.
    var polls: [Poll] = []
    var held = 0
    /// Set by ``endAll()``: every poll is answered at the next round, a new one at once.
    var ending = false
  }

  private let state = Mutex(State())
  private let changes: @Sendable () throws -> Int64
  /// The database's write-ahead log, whose writes wake the thread; `nil`: no other process.
  private let log: String?
  /// Watches `log` once polls were first held (`nil` before, or when it cannot be watched).
  private let watch = Mutex<FileWriteWatch?>(nil)
  private let wakeUp = DispatchSemaphore(value: 0)
  /// Whether a wake-up is signalled and not yet taken, so a burst of posts signals once.
  private let wakeUpPending = Atomic<Bool>(false)
  /// Whether the checking thread runs: changed under `state`'s lock, read without it.
  private let checking = Atomic<Bool>(false)
  /// Answers run here, so a slow one (a page read waiting for a lock) holds up no other.
  private let answering = DispatchQueue(
    label: "fromm.held-polls", qos: .userInitiated, attributes: .concurrent)

  /// Polls woken by writes to the file at `log`, looking only when `changes` moved.
  init(log: String?, changes: @escaping @Sendable () throws -> Int64) {
    self.log = log
    self.changes = changes
  }

  var count: Int { state.withLock { $0.held } }

  /// Starts a round now: this process committed something a poll may wait for (a post).
  func somethingChanged() {
    if checking.load(ordering: .relaxed) { wake() }
  }

  private func wake() {
    if !wakeUpPending.exchange(true, ordering: .acquiringAndReleasing) { wakeUp.signal() }
  }

  /// Answers every held poll now, and every poll held from now on at once, as if its wait had
  /// ended: the server is stopping, and a held poll would keep its connection open.
  func endAll() {
    let running = state.withLock { state in
      state.ending = true
      return checking.load(ordering: .relaxed)
    }
    if running { wake() }
  }

  /// Holds a poll until `isReady` is true or `deadline` passes (then `answer(nil)`), or
  /// `isReady` throws (then `answer` gets the error).
  func hold(
    until deadline: ContinuousClock.Instant, isReady: @escaping @Sendable () throws -> Bool,
    answer: @escaping @Sendable ((any Error)?) -> Void
  ) {
    let startsChecking = state.withLock { state -> Bool? in
      guard !state.ending else { return nil }
      state.polls.append(Poll(deadline: deadline, isReady: isReady, answer: answer))
      state.held += 1
      return !checking.exchange(true, ordering: .relaxed)
    }
    switch startsChecking {
    case nil: answering.async { answer(nil) }
    case true?: Thread.detachNewThread { self.check() }
    case false?: wake()
    }
  }

  /// Whether another process's commit wakes the thread: the log is watched, or there is none.
  private func watchLog() -> Bool {
    guard let log else { return true }
    return watch.withLock { watch in
      if watch == nil { watch = FileWriteWatch(path: log) { [weak self] in self?.somethingChanged() } }
      return watch != nil
    }
  }

  /// The checking thread's life: answer the polls that are done, sleep until woken or the
  /// nearest deadline; end once none is held.
  private func check() {
    let watched = watchLog()
    var lastSeen: Int64?
    var nextRound = DispatchTime.now()
    while true {
      if wakeUp.wait(timeout: nextRound) == .success {
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
      let nearest = state.withLock { state -> ContinuousClock.Instant? in
        state.polls.append(contentsOf: waiting)
        state.held -= done.count
        let nearest = state.polls.lazy.map(\.deadline).min()
        if nearest == nil { checking.store(false, ordering: .relaxed) }
        return nearest
      }
      for (poll, error) in done {
        answering.async { poll.answer(error) }
      }
      guard var nearest else { return }
      // A counter that cannot be read, or a log nobody watches, leaves only looking, every 20 ms.
      if !watched || seen == nil { nearest = min(nearest, .now + .milliseconds(20)) }
      nextRound = .now() + max(0, (nearest - .now) / .seconds(1))
    }
  }
}
