import ComposableArchitecture
import ComposableArchitectureTesting

/// TestStore runs as a test drives them: send and assert, send and receive.
@MainActor
func testStoreCases() -> [BenchmarkCase] {
  [
    BenchmarkCase(
      id: "f", label: "(f)",
      title: "TestStore send + state assertion, per step ×1,000",
      target: .atMost(5_000),
      sample: {
        let store = TestStore(initialState: Counter.State()) { Counter() }
        return await measureAsync(iterations: 1_000) {
          await store.send(.increment) { $0.count += 1 }
        }
      }
    ),
    BenchmarkCase(
      id: "g", label: "(g)",
      title: "TestStore send + receive of the effect's action, per step ×500",
      target: .atMost(20_000),
      sample: {
        let store = TestStore(initialState: EffectThatNeverSuspends.State()) { EffectThatNeverSuspends() }
        return await measureAsync(iterations: 500) {
          await store.send(.start)
          await store.receive(.done) { $0.done += 1 }
        }
      },
      floor: Floor(title: "the same effect under a plain Store, send + finish") {
        let store = Store(initialState: EffectThatNeverSuspends.State()) { EffectThatNeverSuspends() }
        return await measureAsync(iterations: 500) { await store.send(.start).finish() }
      }
    ),
  ]
}
