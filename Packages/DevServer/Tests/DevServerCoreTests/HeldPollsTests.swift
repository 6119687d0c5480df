import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DevServerCore

/// ``HeldPolls``: one thread answering every held long poll, woken by commits, new polls and
/// deadlines, looking for news only when the database changed.
@Suite struct HeldPollsTests {
  /// A poll's readiness and how often it was asked, with a counter standing in for the database's.
  final class Probe: Sendable {
    let counter = Mutex<Int64>(0)
    /// How many rounds read the counter.
    let rounds = Mutex(0)
    let ready = Mutex(false)
    let looks = Mutex(0)
    let outcome = Mutex<String?>(nil)
    let settled = DispatchSemaphore(value: 0)
    /// Signalled at every look.
    let looked = DispatchSemaphore(value: 0)

    func hold(_ polls: HeldPolls, for wait: Duration, failing: Bool = false) {
      polls.hold(
        until: ContinuousClock.now + wait,
        isReady: {
          self.looks.withLock { $0 += 1 }
          self.looked.signal()
          if failing { throw ProbeFailure() }
          return self.ready.withLock { $0 }
        },
        answer: { error in self.settle(error.map { "failed: \($0)" } ?? "answered") })
    }

    private func settle(_ outcome: String) {
      self.outcome.withLock { $0 = outcome }
      settled.signal()
    }

    var lookCount: Int { looks.withLock { $0 } }
  }

  struct ProbeFailure: Error, CustomStringConvertible {
    var description: String { "the look failed" }
  }

  static func polls(_ probe: Probe, counterFails: Bool = false, log: String? = nil) -> HeldPolls {
    HeldPolls(log: log) {
      probe.rounds.withLock { $0 += 1 }
      if counterFails { throw ProbeFailure() }
      return probe.counter.withLock { $0 }
    }
  }

  @Test func pollWithNothingCommitted_isLookedAtOnce_andAgainOnlyWhenWokenWithTheCounterMoved() {
    let probe = Probe()
    let polls = Self.polls(probe)
    probe.hold(polls, for: .seconds(20))
    #expect(probe.looked.wait(timeout: .now() + 60) == .success)
    polls.somethingChanged()
    Thread.sleep(forTimeInterval: 0.2)
    #expect(probe.lookCount == 1, "a new poll is looked at once, then not while the counter stays")
    #expect(polls.count == 1)
    probe.ready.withLock { $0 = true }
    probe.counter.withLock { $0 += 1 }
    polls.somethingChanged()
    #expect(probe.settled.wait(timeout: .now() + 60) == .success)
    #expect(probe.outcome.withLock { $0 } == "answered")
    #expect(probe.lookCount == 2)
    #expect(polls.count == 0)
  }

  @Test func heldPoll_withNothingHappening_sleepsUntilWoken_ratherThanLookingOnATimer() {
    let probe = Probe()
    let polls = Self.polls(probe)
    probe.hold(polls, for: .seconds(20))
    Thread.sleep(forTimeInterval: 0.3)
    #expect(probe.rounds.withLock { $0 } == 1, "one round for the new poll, none after")
    polls.endAll()
    #expect(probe.settled.wait(timeout: .now() + 60) == .success)
  }

  @Test func pollPastItsDeadline_isAnsweredWithoutNews() {
    let probe = Probe()
    let polls = Self.polls(probe)
    let started = ContinuousClock.now
    probe.hold(polls, for: .milliseconds(100))
    #expect(probe.settled.wait(timeout: .now() + 60) == .success)
    #expect(ContinuousClock.now - started >= .milliseconds(100))
    #expect(probe.outcome.withLock { $0 } == "answered")
  }

  @Test func counterThatCannotBeRead_roundsLookOnATimer() {
    let probe = Probe()
    let polls = Self.polls(probe, counterFails: true)
    probe.hold(polls, for: .seconds(3_600))
    for _ in 0..<3 { #expect(probe.looked.wait(timeout: .now() + 60) == .success) }
    probe.ready.withLock { $0 = true }
    #expect(probe.settled.wait(timeout: .now() + 60) == .success)
  }

  @Test func lookThatFails_failsThePollWithItsError() {
    let probe = Probe()
    let polls = Self.polls(probe)
    probe.hold(polls, for: .seconds(20), failing: true)
    #expect(probe.settled.wait(timeout: .now() + 60) == .success)
    #expect(probe.outcome.withLock { $0 } == "failed: the look failed")
    #expect(polls.count == 0)
  }

  @Test func pollsHeldAtDifferentTimes_eachIsLookedAtWhenNew_andAllAnswerOnNews() {
    let probe = Probe()
    let polls = Self.polls(probe)
    let probes = (0..<3).map { _ in Probe() }
    for later in probes {
      later.hold(polls, for: .seconds(3_600))
      #expect(later.looked.wait(timeout: .now() + 60) == .success, "a new poll is looked at by a round")
    }
    #expect(probes.map(\.lookCount) == [1, 1, 1])
    for later in probes { later.ready.withLock { $0 = true } }
    probe.counter.withLock { $0 += 1 }
    polls.somethingChanged()
    for later in probes { #expect(later.settled.wait(timeout: .now() + 60) == .success) }
  }

  @Test func writeToTheLog_byAnyProcess_wakesTheHeldPolls() throws {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("held-polls-\(UUID()).wal")
    try Data("frame".utf8).write(to: log)
    defer { try? FileManager.default.removeItem(at: log) }
    let probe = Probe()
    let polls = Self.polls(probe, log: log.path)
    probe.hold(polls, for: .seconds(3_600))
    #expect(probe.looked.wait(timeout: .now() + 60) == .success)
    probe.ready.withLock { $0 = true }
    probe.counter.withLock { $0 += 1 }
    // Another program's commit: nothing in this process says so, the log is written.
    let file = try FileHandle(forWritingTo: log)
    try file.seekToEnd()
    try file.write(contentsOf: Data("another frame".utf8))
    try file.close()
    #expect(probe.settled.wait(timeout: .now() + 60) == .success)
  }

  @Test func logThatCannotBeWatched_roundsLookOnATimer() {
    let probe = Probe()
    let polls = Self.polls(probe, log: "/nonexistent-\(UUID())/fromm.sqlite-wal")
    probe.hold(polls, for: .seconds(3_600))
    #expect(probe.looked.wait(timeout: .now() + 60) == .success)
    probe.ready.withLock { $0 = true }
    probe.counter.withLock { $0 += 1 }
    #expect(probe.settled.wait(timeout: .now() + 60) == .success)
  }
}
