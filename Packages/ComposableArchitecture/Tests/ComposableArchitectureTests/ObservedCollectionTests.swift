import Observation
import Testing

@testable import ComposableArchitecture

/// A feed of rows and plain messages, large enough that copying it would show.
struct Feed: Reducer {
  struct Row: Equatable, Identifiable {
    let id: Int
    var title: String
  }

  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
    var messages: [String] = []
    var title = ""
  }

  enum Action: Equatable {
    case rowAppended(Row)
    case rowRenamed(id: Int, title: String)
    case messageAppended(String)
    case titleChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rowAppended(let row): state.rows.append(row)
    case .rowRenamed(let id, let title): state.rows[id: id]?.title = title
    case .messageAppended(let message): state.messages.append(message)
    case .titleChanged(let title): state.title = title
    }
    return .none
  }

  /// `count` rows and as many messages, with room for one more of each, so that appending in
  /// place allocates nothing and a copy shows as storage at a new address.
  static func state(count: Int) -> State {
    var state = State()
    state.rows.reserveCapacity(count + 1)
    state.rows.append(contentsOf: (0..<count).map { Row(id: $0, title: "row \($0)") })
    state.messages.reserveCapacity(count + 1)
    state.messages.append(contentsOf: (0..<count).map { "message \($0)" })
    return state
  }
}

/// Where the storage of the state's collections starts: the same address after a change means
/// the change was made in place, copying no element.
private struct StorageAddresses: Equatable {
  let rows: UnsafeRawPointer?
  let rowIDs: UnsafeRawPointer?
  let messages: UnsafeRawPointer?

  @MainActor
  init(_ store: StoreOf<Feed>) {
    (rows, rowIDs, messages) = store.withState { state in
      (
        state.rows.slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
        state.rows.ids.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
        state.messages.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      )
    }
  }
}

@MainActor
struct ObservedCollectionTests {
  @Test func observedWholeState_appendToTenThousandElements_copiesNoElement() {
    let store = Store(initialState: Feed.state(count: 10_000)) { Feed() }
    var runs = 0
    let token = store.observe {
      _ = store.state
      runs += 1
    }
    let changes = ChangeCounter()
    changes.observe { _ = store.state }
    let before = StorageAddresses(store)

    store.send(.rowAppended(Feed.Row(id: 10_000, title: "new")))
    store.send(.messageAppended("new"))

    #expect(StorageAddresses(store) == before)
    #expect(store.withState { ($0.rows.count, $0.messages.count) } == (10_001, 10_001))
    #expect(runs == 3)
    #expect(changes.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func observedRows_appendToTenThousandRows_copiesNoRow() {
    let store = Store(initialState: Feed.state(count: 10_000)) { Feed() }
    var seen: [Int] = []
    let token = store.observe { seen.append(store.rows.count) }
    let changes = ChangeCounter()
    changes.observe { _ = store.rows }
    let before = StorageAddresses(store)

    store.send(.rowAppended(Feed.Row(id: 10_000, title: "new")))

    #expect(StorageAddresses(store).rows == before.rows)
    #expect(StorageAddresses(store).rowIDs == before.rowIDs)
    #expect(seen == [10_000, 10_001])
    #expect(changes.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func observedRows_oneRowChanges_notifiesAndShowsTheChange() {
    let store = Store(initialState: Feed.state(count: 3)) { Feed() }
    var titles: [String] = []
    let token = store.observe { titles.append(store.rows[id: 1]?.title ?? "-") }
    let changes = ChangeCounter()
    changes.observe { _ = store.rows }

    store.send(.rowRenamed(id: 1, title: "renamed"))

    #expect(titles == ["row 1", "renamed"])
    #expect(changes.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func observedRows_sendLeavingThemAlone_notifiesNone() {
    let store = Store(initialState: Feed.state(count: 3)) { Feed() }
    var runs = 0
    let token = store.observe {
      _ = store.rows
      runs += 1
    }
    let changes = ChangeCounter()
    changes.observe { _ = store.rows }

    store.send(.titleChanged("Inbox"))
    store.send(.messageAppended("hello"))
    store.send(.rowRenamed(id: 7, title: "no such row"))

    #expect(runs == 1)
    #expect(changes.count == 0)
    withExtendedLifetime(token) {}
  }

  @Test func observedRowCount_oneRowChanges_notifiesNone_rowAppended_notifies() {
    let store = Store(initialState: Feed.state(count: 3)) { Feed() }
    var counts: [Int] = []
    let token = store.observe { counts.append(store.rows.count) }
    let changes = ChangeCounter()
    changes.observe { _ = store.rows.count }

    store.send(.rowRenamed(id: 1, title: "renamed"))
    #expect(counts == [3])
    #expect(changes.count == 0)

    store.send(.rowAppended(Feed.Row(id: 3, title: "new")))
    #expect(counts == [3, 4])
    #expect(changes.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func observedRowTitles_oneRowChanges_notifies() {
    let store = Store(initialState: Feed.state(count: 3)) { Feed() }
    var titles: [[String]] = []
    let token = store.observe { titles.append(store.rows.map(\.title)) }
    let changes = ChangeCounter()
    changes.observe { _ = store.rows.map(\.title) }

    store.send(.rowRenamed(id: 2, title: "renamed"))

    #expect(titles == [["row 0", "row 1", "row 2"], ["row 0", "row 1", "renamed"]])
    #expect(changes.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func observedRows_countThenElementsInALaterRun_hearsElementChanges() {
    let store = Store(initialState: Feed.state(count: 3)) { Feed() }
    final class Screen {
      var showsTitles = false
      var seen: [String] = []
    }
    let screen = Screen()
    let token = store.observe {
      screen.seen.append(screen.showsTitles ? store.rows[0].title : "\(store.rows.count) rows")
    }

    store.send(.rowRenamed(id: 0, title: "first"))
    screen.showsTitles = true
    store.send(.rowAppended(Feed.Row(id: 3, title: "new")))
    store.send(.rowRenamed(id: 0, title: "again"))

    #expect(screen.seen == ["3 rows", "first", "again"])
    withExtendedLifetime(token) {}
  }

  @Test func observedMember_notEquatableWithoutReferences_comparedBitForBit() {
    let store = Store(initialState: Opaque.State()) { Opaque() }
    var runs = 0
    let token = store.observe {
      _ = store.count
      runs += 1
    }

    store.send(.nothingHappened)

    #expect(runs == 1)
    withExtendedLifetime(token) {}
  }
}
