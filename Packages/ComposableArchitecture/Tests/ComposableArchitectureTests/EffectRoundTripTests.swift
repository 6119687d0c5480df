import ComposableArchitecture
import Dispatch
import Testing

/// Effects whose work leaves the main actor and comes back to send, as an effect awaiting a
/// client does, under a plain store.
struct OffMainActorWork: Reducer {
  struct State: Equatable {
    var total = 0
    /// Where each effect's code ran right after its `send` returned.
    var afterSend: [String] = []
    /// For each effect that checked, whether its plain async work ran on the main queue.
    var workOnMainQueue: [Bool] = []
  }

  enum Action: Equatable {
    case start(Int)
    case startTwo
    case startCancellable(Int)
    case startLong
    case stop
    case checkWhereWorkRuns
    case finished(Int)
    case resumed(String)
    case workRan(onMainQueue: Bool)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let value):
      return .run { send in
        await send(.finished(await double(value)))
        await send(.resumed(isolationName()))
      }
    case .startTwo:
      return .merge(
        .run { send in await send(.finished(await double(1))) },
        .run { send in await send(.finished(await double(10))) }
      )
    case .startCancellable(let value):
      return .run { send in await send(.finished(await double(value))) }
        .cancellable(id: "work")
    case .startLong:
      return .run { _ in try await Task.never() }.cancellable(id: "work")
    case .stop:
      return .cancel(id: "work")
    case .checkWhereWorkRuns:
      return .run { send in await send(.workRan(onMainQueue: await isOnMainQueue())) }
    case .finished(let value):
      state.total += value
      return .none
    case .resumed(let isolation):
      state.afterSend.append(isolation)
      return .none
    case .workRan(let onMainQueue):
      state.workOnMainQueue.append(onMainQueue)
      return .none
    }
  }
}

/// Plain async work, which runs off the main actor whoever awaits it.
@concurrent private func double(_ value: Int) async -> Int {
  value * 2
}

/// Marks the main dispatch queue, which serves the main actor, so that work can tell it is on it.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Whether plain async work, awaited from an effect, runs on the main dispatch queue.
@concurrent private func isOnMainQueue() async -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}

@MainActor
struct EffectRoundTripTests {
  @Test func run_workOffMainActorThenSend_sendsOnMainActorAndIsForgottenWhenDone() async {
    let core = StoreCore(
      initialState: OffMainActorWork.State(), reducer: OffMainActorWork(), dependencies: DependencyValues())
    for value in 1...20 {
      await core.send(.start(value))?.value
      // Each round trip ends with nothing left running: the effect said it finished without a
      // hop of its own.
      #expect(core.inFlightCount == 0)
    }
    #expect(core.state.total == (1...20).reduce(0, +) * 2)
    #expect(core.state.afterSend == Array(repeating: "MainActor", count: 20))
  }

  @Test func run_plainAsyncWork_runsOffTheMainQueueWhileFinishIsAwaitedOnIt() async {
    _ = mainQueueKey
    let store = Store(initialState: OffMainActorWork.State()) { OffMainActorWork() }
    // `finish` awaited on the main actor waits with the main queue as its task executor; the
    // effects started after it must not inherit it, or their clients' work would block the
    // main actor.
    for _ in 1...5 { await store.send(.checkWhereWorkRuns).finish() }
    #expect(store.state.workOnMainQueue == Array(repeating: false, count: 5))
  }

  @Test func merge_twoEffectsLeavingMainActor_finishWaitsForBoth() async {
    let store = Store(initialState: OffMainActorWork.State()) { OffMainActorWork() }
    await store.send(.startTwo).finish()
    #expect(store.state.total == 22)
  }

  @Test func merge_twoLongEffects_cancellingTheSendTaskCancelsBoth() async {
    struct Feature: Reducer {
      struct State: Equatable {}
      enum Action: Equatable { case start }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .merge(
          .run { _ in try await Task.never() },
          .run { _ in try await Task.never() }
        )
      }
    }
    let core = StoreCore(initialState: Feature.State(), reducer: Feature(), dependencies: DependencyValues())
    let task = core.send(.start)
    #expect(core.inFlightCount == 2)
    task?.cancel()
    await task?.value
    #expect(core.inFlightCount == 0)
  }

  @Test func cancel_afterEffectsThatLeftTheMainActorFinished_stillCancelsALaterOneWithTheirID() async {
    let store = Store(initialState: OffMainActorWork.State()) { OffMainActorWork() }
    for value in 1...3 { await store.send(.startCancellable(value)).finish() }
    #expect(store.state.total == 12)
    let long = store.send(.startLong)
    #expect(!long.isCancelled)
    store.send(.stop)
    await long.finish()
    #expect(long.isCancelled)
  }

  @Test func cancellableEffectLeavingMainActor_cancelledWhileAway_sendsNothing() async {
    let store = Store(initialState: OffMainActorWork.State()) { OffMainActorWork() }
    let task = store.send(.startCancellable(5))
    // The effect is off the main actor, or about to go: cancelling it now, from the main actor,
    // happens before it can come back.
    store.send(.stop)
    await task.finish()
    #expect(store.state.total == 0)
  }
}
