import ComposableArchitecture
import ComposableArchitectureTesting

/// A TestStore run of 1,000 send-and-assert steps, as a test would drive it.
@MainActor
func testStoreBenchmark() async {
  await reportAsync("(f) TestStore send + state assertion, 1,000 steps", target: 5_000) {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    return await measureAsync(iterations: 1_000) {
      await store.send(.increment) { $0.count += 1 }
    }
  }
  await reportAsync("(g) TestStore send + receive from an effect, 1,000 steps", target: nil) {
    let store = TestStore(initialState: RoundTrip.State()) { RoundTrip() }
    return await measureAsync(iterations: 1_000) {
      await store.send(.start)
      await store.receive(.done) { $0.done += 1 }
    }
  }
}
