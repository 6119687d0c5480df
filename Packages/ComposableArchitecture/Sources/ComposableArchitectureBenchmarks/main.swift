import ComposableArchitecture
import Foundation

// Release-mode benchmarks of the store's hot paths. Each case runs 5 times; the median is
// printed in nanoseconds per action. Run with:
//   swift run -c release ComposableArchitectureBenchmarks [CASE…]
// where CASE letters (`a b h`) pick some cases; none runs them all.

@MainActor
func main() async {
  print("ComposableArchitecture benchmarks (median of 5 runs, ns per action)")
  print(String(repeating: "-", count: 72))
  report("(a) Store.send, trivial counter ×1,000,000", target: 150) {
    let store = Store(initialState: Counter.State()) { Counter() }
    return measure(iterations: 1_000_000) { store.send(.increment) }
  }
  report("(b) through 5 nested Scopes ×1,000,000", target: 500) {
    let store = Store(initialState: Level1.State()) { Level1() }
    return measure(iterations: 1_000_000) {
      store.send(.child(.child(.child(.child(.child(.increment))))))
    }
  }
  report("(b') the same through a generic Level<Child> wrapper ×1,000,000", target: nil) {
    let store = Store(initialState: Nested5.State()) { Nested5() }
    return measure(iterations: 1_000_000) { store.send(.child(.child(.child(.child(.child(.increment)))))) }
  }
  for rows in [1_000, 10_000] {
    report("(c) forEach over \(rows) rows, action to row 500 ×100,000", target: 1_000) {
      let store = Store(initialState: List.State(rows: rows)) { List() }
      return measure(iterations: 100_000) { store.send(.rows(.element(id: 500, action: .increment))) }
    }
  }
  await reportAsync("(d) effect round trip, .run { await send(.done) } ×100,000", target: 10_000) {
    let store = Store(initialState: RoundTrip.State()) { RoundTrip() }
    return await measureAsync(iterations: 100_000) { await store.send(.start).finish() }
  }
  report("(e) floor: Counter.reduce(into:action:) directly ×1,000,000", target: nil) {
    var state = Counter.State()
    let reducer = Counter()
    // One real call per action: inlined, the loop would fold into a single addition.
    let time = measure(iterations: 1_000_000) { reduceOnce(reducer, &state) }
    precondition(state.count == 1_000_000, "the floor's reducer did not run every time")
    return time
  }
  await navigationBenchmark()
  await testStoreBenchmark()
}

/// Calls the reducer once, kept out of line so that the optimizer cannot fold the loop away.
@inline(never)
func reduceOnce(_ reducer: Counter, _ state: inout Counter.State) {
  _ = reducer.reduce(into: &state, action: .increment)
}

await main()
