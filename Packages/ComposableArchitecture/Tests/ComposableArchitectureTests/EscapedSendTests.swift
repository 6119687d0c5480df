import ComposableArchitecture
import Synchronization
import Testing

/// Keeps the `send` of an effect after the effect has finished, as a callback registered with
/// some other object would.
final class EscapedSend: Sendable {
  let send = Mutex<Send<Escaper.Action>?>(nil)
}

struct Escaper: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case start
    case escapedIncrement
  }

  let escaped: EscapedSend

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [escaped] send in escaped.send.withLock { $0 = send } }
    case .escapedIncrement:
      state.count += 1
      return .none
    }
  }
}

@MainActor
struct EscapedSendTests {
  @Test func sendAfterTheEffectFinished_isReportedNamingTheAction_andDropped() async {
    let escaped = EscapedSend()
    let store = Store(initialState: Escaper.State()) { Escaper(escaped: escaped) }
    let issues = await collectIssues {
      await store.send(.start).finish()
      let send = escaped.send.withLock { $0 }
      await send?(.escapedIncrement)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("An action was sent from a completed effect:") == true)
    #expect(issues.first?.contains("  Action:\n    .escapedIncrement") == true)
    #expect(issues.first?.contains("Effect returned from:\n    .start") == true, "\(issues)")
    #expect(store.state.count == 0)
  }

  @Test func sendAfterTheStoreWasReleased_isStillReported() async {
    let escaped = EscapedSend()
    let issues = await collectIssues {
      var store: StoreOf<Escaper>? = Store(initialState: Escaper.State()) { Escaper(escaped: escaped) }
      await store?.send(.start).finish()
      store = nil
      let send = escaped.send.withLock { $0 }
      await send?(.escapedIncrement)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("An action was sent from a completed effect:") == true)
    #expect(issues.first?.contains(".escapedIncrement") == true)
  }

  @Test func taskCancel_outsideAnEffect_isReported() async {
    let issues = await collectIssues {
      await Task.cancel(id: Ticker.CancelID.timer)
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("\"Task.cancel(id:)\" was called outside an effect. …") == true)
  }
}
