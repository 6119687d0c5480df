import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

/// Sends actions back through `.concatenate`, logging the order they arrive in.
struct Sequenced: Reducer {
  struct State: Equatable {
    var log: [String] = []
  }

  enum Action: Equatable {
    case concatenateSends
    case concatenateInsideMerge
    case record(String)
  }

  func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
    switch action {
    case .concatenateSends:
      return .concatenate(.send(.record("a")), .send(.record("b")))
    case .concatenateInsideMerge:
      return .merge(
        .concatenate(.send(.record("a")), .send(.record("b"))),
        .send(.record("c"))
      )
    case .record(let entry):
      state.log.append(entry)
      return entry == "a" ? .send(.record("after a")) : .none
    }
  }
}

@MainActor
struct ConcatenateTests {
  @Test func concatenateOfSends_deliversBothBeforeSendReturns() {
    let store = Store(initialState: Sequenced.State()) { Sequenced() }
    store.send(.concatenateSends)
    #expect(store.state.log == ["a", "b", "after a"])
  }

  @Test func concatenateOfSends_insideMerge_nothingInterleaves() {
    let store = Store(initialState: Sequenced.State()) { Sequenced() }
    store.send(.concatenateInsideMerge)
    #expect(store.state.log == ["a", "b", "c", "after a"])
  }

  @Test func concatenateOfSends_testStoreReceivesInOrder() async {
    let store = TestStore(initialState: Sequenced.State()) { Sequenced() }
    await store.send(.concatenateSends)
    await store.receive(.record("a")) { $0.log = ["a"] }
    await store.receive(.record("b")) { $0.log = ["a", "b"] }
    await store.receive(.record("after a")) { $0.log = ["a", "b", "after a"] }
  }
}
