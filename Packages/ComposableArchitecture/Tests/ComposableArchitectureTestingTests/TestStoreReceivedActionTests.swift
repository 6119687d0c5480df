import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// An action whose effect sends a second one at once.
enum FirstSecond: Equatable, Sendable {
  case first
  case second
}

/// A request whose effect answers at once with its number.
enum Exchange: Equatable, Sendable {
  case request(Int)
  case response(Int)

  var isResponse: Bool {
    if case .response = self { true } else { false }
  }
}

@MainActor
struct TestStoreReceivedActionTests {
  @Test func receive_unexpectedActionWithOtherState_reportsOnlyTheAction() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Probe.State()) { Probe() }
      await store.send(.start)
      await store.receive(.started(2))
    }
    #expect(
      issues == [
        """
        Received unexpected action: …

            − .started(2)
            + .started(1)

        (Expected: −, Received: +)

        To fix, assert the actions in the order the effects send them.
        """
      ])
  }

  @Test func send_beforeReceivingPendingAction_reportsItAndKeepsItPending() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, FirstSecond> { _, action in
          switch action {
          case .first: .send(.second)
          case .second: .none
          }
        }
      }
      await store.send(.first)
      await store.send(.first)
      await store.receive(.second)
      await store.receive(.second)
    }
    #expect(
      issues == [
        """
        Must handle 1 received action before sending an action: …

          Unhandled actions:
            • .second

        To fix, assert each with "await store.receive(…)", skip them with \
        "await store.skipReceivedActions()", or use a non-exhaustive test store: \
        "store.exhaustivity = .off".
        """
      ])
  }

  @Test func send_beforeReceivingPendingAction_neverReceived_isReportedAgainWhenTheTestEnds() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, FirstSecond> { _, action in
          switch action {
          case .first: .send(.second)
          case .second: .none
          }
        }
      }
      await store.send(.first)
      await store.send(.first)
    }
    #expect(issues.count == 2)
    #expect(
      issues.first?.hasPrefix("Must handle 1 received action before sending an action: …") == true)
    #expect(
      issues.last?.hasPrefix(
        """
        The store received 2 unexpected actions by the end of this test: …

          Unhandled actions:
            • .second
            • .second
        """) == true)
  }

  @Test func nonExhaustive_sendWithPendingReceivedActions_dropsThem() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Exchange> { state, action in
          switch action {
          case .request(let number): return .send(.response(number))
          case .response(let number):
            state = number
            return .none
          }
        }
      }
      store.exhaustivity = .off
      await store.send(.request(1))
      await store.send(.request(2))
      await store.receive({ $0.isResponse }) { $0 = 2 }
      await store.send(.request(3))
    }
    #expect(issues.isEmpty)
  }

  @Test func finish_withActionNeverReceived_reportsIt() async {
    let store = TestStore(initialState: Probe.State()) { Probe() }
    await store.send(.start)
    let issues = await collectIssues {
      await store.finish()
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        """
        The store received 1 unexpected action by the end of this test: …

          Unhandled actions:
            • .started(1)
        """) == true)
  }
}
