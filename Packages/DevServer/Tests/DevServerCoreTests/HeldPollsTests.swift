import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DevServerCore

/// ``HeldPolls``: one thread answering every held long poll, looking for news only when the
/// database changed.
@Suite struct HeldPollsTests {
  /// A poll's readiness and how often it was asked, with a counter standing in for the database's.
  final class Probe: Sendable {
    let counter = Mutex<Int64>(0)
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
        answer: { self.settle("answered") },
        fail: { self.settle("failed: \($0)") })
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

  static func polls(
    _ probe: Probe, counterFails: Bool = false, interval: Duration = .milliseconds(10)
  ) -> HeldPolls {
    HeldPolls(interval: interval) {
      if counterFails { throw ProbeFailure() }
      return probe.counter.withLock { $0 }
    }
  }

  @Test func pollWithNothingCommitted_isLookedAtOnce_andAgainOnlyOnceTheCounterMoves() {
    let probe = Probe()
    let polls = Self.polls(probe)
    probe.hold(polls, for: .seconds(20))
    Thread.sleep(forTimeInterval: 0.2)
    #expect(probe.lookCount == 1, "a new poll is looked at once, then not while nothing changes")
    #expect(polls.count == 1)
    probe.ready.withLock { $0 = true }
    probe.counter.withLock { $0 += 1 }
    #expect(probe.settled.wait(timeout: .now() + 2) == .success)
    #expect(probe.outcome.withLock { $0 } == "answered")
    #expect(probe.lookCount == 2)
    #expect(polls.count == 0)
  }

  @Test func pollPastItsDeadline_isAnsweredWithoutNews() {
    let probe = Probe()
    let polls = Self.polls(probe)
    let started = ContinuousClock.now
    probe.hold(polls, for: .milliseconds(100))
    #expect(probe.settled.wait(timeout: .now() + 2) == .success)
    #expect(ContinuousClock.now - started >= .milliseconds(100))
    #expect(probe.outcome.withLock { $0 } == "answered")
  }

  @Test func counterThatCannotBeRead_everyRoundLooks() {
    let probe = Probe()
    let polls = Self.polls(probe, counterFails: true)
    probe.hold(polls, for: .seconds(20))
    Thread.sleep(forTimeInterval: 0.2)
    #expect(probe.lookCount >= 5)
    probe.ready.withLock { $0 = true }
    #expect(probe.settled.wait(timeout: .now() + 2) == .success)
  }

  @Test func lookThatFails_failsThePollWithItsError() {
    let probe = Probe()
    let polls = Self.polls(probe)
    probe.hold(polls, for: .seconds(20), failing: true)
    #expect(probe.settled.wait(timeout: .now() + 2) == .success)
    #expect(probe.outcome.withLock { $0 } == "failed: the look failed")
    #expect(polls.count == 0)
  }

  @Test func pollsHeldAtDifferentTimes_eachIsLookedAtWhenNew_andAllAnswerOnNews() {
    let probe = Probe()
    let polls = Self.polls(probe)
    let probes = (0..<3).map { _ in Probe() }
    for later in probes {
      later.hold(polls, for: .seconds(3_600))
      #expect(
        later.looked.wait(timeout: .now() + 60) == .success, "a new poll is looked at by the next round")
    }
    #expect(probes.map(\.lookCount) == [1, 1, 1])
    for later in probes { later.ready.withLock { $0 = true } }
    probe.counter.withLock { $0 += 1 }
    for later in probes { #expect(later.settled.wait(timeout: .now() + 60) == .success) }
  }

  @Test func somethingChangedInThisProcess_startsARoundAtOnce_ratherThanAtTheIntervalsEnd() {
    let probe = Probe()
    let polls = Self.polls(probe, interval: .seconds(3_600))
    polls.somethingChanged()  // nothing held: nothing to do
    probe.hold(polls, for: .seconds(7_200))
    Thread.sleep(forTimeInterval: 0.05)
    probe.ready.withLock { $0 = true }
    probe.counter.withLock { $0 += 1 }
    polls.somethingChanged()
    // The first round (the new poll's look) and the one asked for both come long before the
    // hour's interval; waiting a minute fails only a round that was never started.
    #expect(probe.settled.wait(timeout: .now() + 60) == .success)
    #expect(probe.outcome.withLock { $0 } == "answered")
  }
}
