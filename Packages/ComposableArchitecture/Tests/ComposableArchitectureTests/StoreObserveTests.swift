import Observation
import Testing

@testable import ComposableArchitecture

@MainActor
struct StoreObserveTests {
  @Test func observe_readMemberChanges_runsNowAndAfterEachChange() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    var seen: [Int] = []
    let token = store.observe { seen.append(store.left.count) }

    store.send(.left(.increment))
    store.send(.left(.increment))
    #expect(seen == [0, 1, 2])
    withExtendedLifetime(token) {}
  }

  @Test func observe_unreadMemberChanges_doesNotRun() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    var runs = 0
    let token = store.observe {
      _ = store.left
      runs += 1
    }

    store.send(.right(.increment))
    store.send(.titleChanged("Inbox"))
    store.send(.nothingHappened)
    #expect(runs == 1)
    withExtendedLifetime(token) {}
  }

  @Test func observe_scopedStore_siblingChangeDoesNotRun_ownChangeDoes() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let left = store.scope(state: \.left, action: \.left)
    var seen: [Int] = []
    let token = store.observe { seen.append(left.state.count) }

    store.send(.right(.increment))
    left.send(.increment)
    #expect(seen == [0, 1])
    withExtendedLifetime(token) {}
  }

  @Test func observe_membersOfScopedAndComputedPaths_readTheCurrentValues() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let right = store.scope(state: \.right, action: \.right)
    var seen: [String] = []
    // `right.count` sits at a fixed offset in the root state and is read there; the title's
    // length is computed, so it is read through its key path.
    let token = store.observe {
      seen.append("\(right.count) \(store[dynamicMember: \Siblings.State.title.count])")
    }

    right.send(.increment)
    store.send(.titleChanged("Inbox"))
    store.send(.left(.increment))
    #expect(seen == ["0 0", "1 0", "1 5"])
    withExtendedLifetime(token) {}
  }

  @Test func observe_sendQueuingMoreActions_runsOnceAfterAllOfThem() {
    let store = Store(initialState: Reentrant.State()) { Reentrant() }
    var seen: [[String]] = []
    let token = store.observe { seen.append(store.log) }

    // `.first` queues `.second`, `.third` and `.increment`: one run, after the last of them.
    store.send(.first)
    #expect(seen == [[], ["first", "second", "third", "increment"]])
    withExtendedLifetime(token) {}
  }

  @Test func observe_readsDifferOnEachRun_followsTheLatestReads() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    var runs = 0
    // Reads the right count only while the title is empty.
    let token = store.observe {
      runs += 1
      if store.title.isEmpty { _ = store.right.count }
    }

    store.send(.right(.increment))
    #expect(runs == 2)
    store.send(.titleChanged("Inbox"))
    #expect(runs == 3)
    store.send(.right(.increment))
    #expect(runs == 3)
    withExtendedLifetime(token) {}
  }

  @Test func observe_bodySendsAnAction_runsAgainWithTheStateItProduced() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    var seen: [Int] = []
    let token = store.observe {
      let count = store.left.count
      seen.append(count)
      if count < 2 { store.send(.left(.increment)) }
    }

    #expect(seen == [0, 1, 2])
    #expect(store.left.count == 2)
    withExtendedLifetime(token) {}
  }

  @Test func observe_cancelledOrReleasedToken_stopsRunning() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    var cancelledRuns = 0
    var releasedRuns = 0
    let token = store.observe { cancelledRuns += store.left.count + 1 }
    var released: ObserveToken? = store.observe { releasedRuns += store.left.count + 1 }
    #expect(released != nil)

    token.cancel()
    released = nil
    store.send(.left(.increment))
    #expect(cancelledRuns == 1)
    #expect(releasedRuns == 1)
  }

  @Test func observe_cancelledByItsOwnBodyThenReading_leavesTheCoreAndStops() {
    let core = StoreCore(
      initialState: Siblings.State(), reducer: Siblings(), dependencies: DependencyValues())
    let store = Store(core: core)
    var token: ObserveToken?
    var runs = 0
    token = store.observe {
      runs += 1
      if store.left.count == 1 { token?.cancel() }
      _ = store.right.count
    }

    store.send(.left(.increment))
    store.send(.right(.increment))
    #expect(runs == 2)
    #expect(core.observers.isEmpty)
    #expect(core.observedByObservers.isEmpty)
  }

  @Test func observe_stateNotEquatable_runsAfterEverySend() {
    let store = Store(initialState: Opaque.State()) { Opaque() }
    var runs = 0
    let token = store.observe {
      _ = store.state
      runs += 1
    }

    store.send(.nothingHappened)
    store.send(.nothingHappened)
    #expect(runs == 3)
    withExtendedLifetime(token) {}
  }

  @Test func observe_readsTwoStores_runsAfterAChangeInEither() {
    let first = Store(initialState: Siblings.State()) { Siblings() }
    let second = Store(initialState: Siblings.State()) { Siblings() }
    var seen: [String] = []
    let token = first.observe { seen.append("\(first.left.count) \(second.left.count)") }

    second.send(.left(.increment))
    first.send(.left(.increment))
    second.send(.right(.increment))
    #expect(seen == ["0 0", "0 1", "1 1"])
    withExtendedLifetime(token) {}
  }

  @Test func observe_optionalScope_runsWhenTheChildAppears() {
    let store = Store(initialState: OptionalParent.State()) { OptionalParent() }
    var seen: [Bool] = []
    let token = store.observe { seen.append(store.scope(state: \.child, action: \.child) != nil) }

    store.send(.show)
    store.send(.hide)
    #expect(seen == [false, true, false])
    withExtendedLifetime(token) {}
  }

  @Test func observe_beside_observationTracking_bothHearTheChange() {
    let store = Store(initialState: Siblings.State()) { Siblings() }
    let changes = ChangeCounter()
    changes.observe { _ = store.left.count }
    var runs = 0
    let token = store.observe {
      _ = store.left.count
      runs += 1
    }

    store.send(.left(.increment))
    #expect(changes.count == 1)
    #expect(runs == 2)
    withExtendedLifetime(token) {}
  }

  @Test func observe_cancelled_leavesTheCore() {
    let core = StoreCore(
      initialState: Siblings.State(), reducer: Siblings(), dependencies: DependencyValues())
    let store = Store(core: core)
    let token = store.observe { _ = store.left.count }
    #expect(core.observers.count == 1)
    // A read through `observe` does not arm the store's Observation tracking.
    #expect(core.watched.isEmpty)

    token.cancel()
    #expect(core.observers.isEmpty)
  }
}
