import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// One action per kind of effect, logging what happens in order.
struct Effects: Reducer {
  struct State: Equatable {
    var log: [String] = []
  }

  enum Action: Equatable {
    case none
    case sendSync
    case run
    case runThrowing
    case runThrowingUnhandled
    case merge
    case concatenate
    case mapped
    case record(String)
  }

  struct Failure: Error {}

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .none:
      return .none
    case .sendSync:
      return .send(.record("sent"))
    case .run:
      return .run { send in await send(.record("ran")) }
    case .runThrowing:
      return .run { _ in
        throw Failure()
      } catch: { _, send in
        await send(.record("caught"))
      }
    case .runThrowingUnhandled:
      return .run { _ in throw Failure() }
    case .merge:
      // The slower effect is listed first: merged effects run at the same time.
      return .merge(
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.record("slow"))
        },
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.record("fast"))
        }
      )
    case .concatenate:
      // The same two effects one after another: the slow one finishes first.
      return .concatenate(
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.record("slow"))
        },
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.record("fast"))
        }
      )
    case .mapped:
      return Effect<String>.run { send in await send("inner") }.map { Action.record("mapped \($0)") }
    case .record(let entry):
      state.log.append(entry)
      return .none
    }
  }
}

@MainActor
struct EffectTests {
  @Test func none_startsNothing() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.none)
    await store.finish()
  }

  @Test func send_feedsActionBackSynchronously() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.sendSync)
    await store.receive(.record("sent")) { $0.log = ["sent"] }
  }

  @Test func run_sendsFromAsyncWork() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.run)
    await store.receive(.record("ran")) { $0.log = ["ran"] }
  }

  @Test func run_throwingWithHandler_sendsFromHandler() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.runThrowing)
    await store.receive(.record("caught")) { $0.log = ["caught"] }
  }

  @Test func run_throwingWithoutHandler_reportsUnhandledError() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: Effects.State()) { Effects() }
      await store.send(.runThrowingUnhandled)
      await store.finish()
    }
    #expect(issues.count == 1)
    #expect(issues.first?.hasPrefix("An \"Effect.run\" returned from \"") == true)
    #expect(issues.first?.contains("\" threw an unhandled error. …") == true)
    #expect(issues.first?.contains("Failure()") == true)
  }

  @Test func merge_runsEffectsTogether_fastOneFirst() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) {
      Effects()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.merge)
    await clock.advance(by: .seconds(1))
    await store.receive(.record("fast")) { $0.log = ["fast"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.record("slow")) { $0.log = ["fast", "slow"] }
  }

  @Test func concatenate_runsEffectsInOrder_slowOneFirst() async {
    let clock = TestClock()
    let store = TestStore(initialState: Effects.State()) {
      Effects()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.concatenate)
    await clock.advance(by: .seconds(1))
    #expect(store.state.log.isEmpty)
    await clock.advance(by: .seconds(1))
    await store.receive(.record("slow")) { $0.log = ["slow"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.record("fast")) { $0.log = ["slow", "fast"] }
  }

  @Test func map_transformsSentActions() async {
    let store = TestStore(initialState: Effects.State()) { Effects() }
    await store.send(.mapped)
    await store.receive(.record("mapped inner")) { $0.log = ["mapped inner"] }
  }
}
