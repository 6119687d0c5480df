import ComposableArchitecture

/// (d′): an effect that awaits work off the main actor, then sends its result, as an effect
/// awaiting a client does.
struct EffectLeavingMainActor: Reducer {
  struct State: Equatable { var total = 0 }
  enum Action: Equatable {
    case start
    case finished(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        let value = await workOffMainActor()
        await send(.finished(value))
      }
    case .finished(let value):
      state.total &+= value
      return .none
    }
  }
}

/// A little work, run on the global executor whoever calls it.
@concurrent
func workOffMainActor() async -> Int {
  smallWork()
}

/// Sums a few numbers, out of line so that the optimizer cannot turn it into a constant.
@inline(never)
func smallWork() -> Int {
  var total = 0
  for value in 0..<64 { total &+= value &* value }
  return total
}

@MainActor
func effectCases() -> [BenchmarkCase] {
  [
    BenchmarkCase(
      id: "d", label: "(d)",
      title: "effect that never suspends: .run { await send(.done) } ×50,000",
      target: .atMost(10_000),
      sample: {
        let store = Store(initialState: EffectThatNeverSuspends.State()) { EffectThatNeverSuspends() }
        return await measureAsync(iterations: 50_000) { await store.send(.start).finish() }
      }
    ),
    BenchmarkCase(
      id: "d1", label: "(d′)",
      title: "effect awaiting work off the main actor, then send ×5,000",
      target: .atMost(15_000),
      sample: {
        let store = Store(initialState: EffectLeavingMainActor.State()) { EffectLeavingMainActor() }
        return await measureAsync(iterations: 5_000) { await store.send(.start).finish() }
      },
      floor: Floor(title: "await Task.detached { work }.value: one hop there and back") {
        var total = 0
        let time = await measureAsync(iterations: 5_000) {
          total &+= await Task.detached { smallWork() }.value
        }
        consume(total)
        return time
      }
    ),
    BenchmarkCase(
      id: "d2", label: "(d″)",
      title: "plain Swift shaped like (d′): Task { @MainActor in } ×5,000",
      sample: {
        var total = 0
        // The effect's shape without a store: a task started on the main actor's next turn
        // awaits work off it, changes main-actor state, and is awaited from the main actor.
        let time = await measureAsync(iterations: 5_000) {
          let task = Task { @MainActor in
            total &+= await workOffMainActor()
          }
          await task.value
        }
        consume(total)
        return time
      },
      floor: Floor(title: "await Task.detached { work }.value: one hop there and back") {
        var total = 0
        let time = await measureAsync(iterations: 5_000) {
          total &+= await Task.detached { smallWork() }.value
        }
        consume(total)
        return time
      }
    ),
  ]
}
