import ComposableArchitecture
import Foundation

/// The cost of a change must follow the size of the change, not the size of the state: each
/// operation here is timed on a state of n elements and on one of 10·n, in the same process,
/// and fails when it costs more than 3× as much at 10·n. An operation that went back to O(n)
/// costs about 10× as much, and a busy machine slows both sizes alike, so the check holds
/// under load where a bound in time would not; it runs in a debug build too.
@MainActor
enum ComplexityChecks {
  static let size = 10_000
  static let limit = 3.0
  /// Operations per sample, and samples per size, alternating between the sizes.
  static let iterations = 2_000
  static let samples = 7

  /// One operation, set up on a state of `size` elements; the closure it returns times
  /// `iterations` operations and returns nanoseconds per operation. The floor is the same
  /// change made in plain Swift, without a store, timed at 10·n for comparison only.
  struct Check {
    typealias SetUp = @MainActor (_ size: Int) -> (@MainActor (_ iterations: Int) -> Double)
    let title: String
    let floor: SetUp
    let setUp: SetUp
  }

  static let checks = [
    Check(
      title: "(c) forEach, an action to one row",
      floor: changeOneRow,
      setUp: { size in
        let store = Store(initialState: List.State(rows: size)) { List() }
        return { iterations in List.timeRowActions(store, iterations: iterations) }
      }
    ),
    Check(
      title: "(c′) the same, a view observing store.rows",
      floor: changeOneRow,
      setUp: { size in
        let store = Store(initialState: List.State(rows: size)) { List() }
        let token = store.observe { consume(store.rows) }
        return { iterations in
          withExtendedLifetime(token) { List.timeRowActions(store, iterations: iterations) }
        }
      }
    ),
    Check(
      title: "appending a row to an observed IdentifiedArray", floor: appendToArray,
      setUp: appending(Room.Action.rowArrived) { store in
        consume(store.state)
        consume(store.rows)
      }
    ),
    Check(
      title: "appending a message to a plain array in observed state", floor: appendToArray,
      setUp: appending(Room.Action.messageArrived) { store in consume(store.state) }
    ),
  ]

  /// Appends with `arrived`, one new id per operation, to a room whose store `render` reads
  /// from in a `store.observe` body.
  static func appending(
    _ arrived: @escaping (Int) -> Room.Action, render: @escaping @MainActor (StoreOf<Room>) -> Void
  ) -> Check.SetUp {
    { size in
      let store = Store(initialState: Room.State(size: size, room: room)) { Room() }
      let token = store.observe { render(store) }
      var next = size
      return { iterations in
        withExtendedLifetime(token) {
          measure(iterations: iterations) {
            store.send(arrived(next))
            next += 1
          }
        }
      }
    }
  }

  /// The floor of a row action: one row of a plain `[Row.State]` changed by its index.
  static let changeOneRow: Check.SetUp = { size in
    var rows = (0..<size).map { Row.State(id: $0) }
    return { iterations in
      let time = measure(iterations: iterations) { bump(&rows, at: 500) }
      consume(rows)
      return time
    }
  }

  /// The floor of an append: a plain `[Row.State]` with room reserved.
  static let appendToArray: Check.SetUp = { size in
    var rows = (0..<size).map { Row.State(id: $0) }
    rows.reserveCapacity(size + room)
    var next = size
    return { iterations in
      measure(iterations: iterations) {
        rows.append(Row.State(id: next))
        next += 1
      }
    }
  }

  /// Room for every operation the samples make, so that no append reallocates.
  static var room: Int { iterations * (samples + 1) }

  /// Runs every check and prints its figures; returns whether all held.
  static func run() -> Bool {
    print("Complexity checks: each operation timed at n = \(size.formatted()) and 10·n elements")
    print("(fastest of \(samples) samples of \(iterations.formatted()) operations); fails above \(limit)×")
    print(
      "operation".padding(toLength: 58, withPad: " ", startingAt: 0) + "n".leftPadded(11)
        + "10·n".leftPadded(11)
        + "ratio".leftPadded(9) + "  floor at 10·n".leftPadded(16))
    var held = true
    for check in checks {
      // A second try before failing: a burst of load during one size's samples is not a regression.
      var ratio = measureRatio(check)
      if ratio.ratio > limit { ratio = measureRatio(check) }
      let floor = fastest(check.floor(size * 10))
      let verdict = ratio.ratio <= limit ? "ok" : "FAILED: the cost grows with the state"
      print(
        check.title.padding(toLength: 58, withPad: " ", startingAt: 0)
          + Unit.nanoseconds.format(ratio.small).leftPadded(11)
          + Unit.nanoseconds.format(ratio.large).leftPadded(11)
          + String(format: "%8.2f×", ratio.ratio) + Unit.nanoseconds.format(floor).leftPadded(16) + "  "
          + verdict)
      if ratio.ratio > limit { held = false }
    }
    return held
  }

  /// The fastest of `samples` samples of `sample`, after a short warm-up.
  private static func fastest(_ sample: @MainActor (Int) -> Double) -> Double {
    _ = sample(iterations / 10)
    return (0..<samples).map { _ in sample(iterations) }.min()!
  }

  private static func measureRatio(_ check: Check) -> (small: Double, large: Double, ratio: Double) {
    let small = check.setUp(size)
    let large = check.setUp(size * 10)
    _ = small(iterations / 10)
    _ = large(iterations / 10)
    var smallTimes: [Double] = []
    var largeTimes: [Double] = []
    for _ in 0..<samples {
      smallTimes.append(small(iterations))
      largeTimes.append(large(iterations))
    }
    let fastestSmall = smallTimes.min()!
    let fastestLarge = largeTimes.min()!
    return (fastestSmall, fastestLarge, fastestLarge / fastestSmall)
  }
}

/// A room that messages arrive in: rows in an `IdentifiedArray` and messages in a plain array.
struct Room: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row.State>
    var messages: [Row.State]

    /// `size` rows and messages, with room for `room` more of each.
    init(size: Int, room: Int) {
      rows = IdentifiedArray(id: \.id)
      rows.reserveCapacity(size + room)
      rows.append(contentsOf: (0..<size).map { Row.State(id: $0) })
      messages = []
      messages.reserveCapacity(size + room)
      messages.append(contentsOf: (0..<size).map { Row.State(id: $0) })
    }
  }

  enum Action: Equatable {
    case rowArrived(Int)
    case messageArrived(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rowArrived(let id): state.rows.append(Row.State(id: id))
    case .messageArrived(let id): state.messages.append(Row.State(id: id))
    }
    return .none
  }
}

/// Adds one to the count of the row at `index`, out of line so that the loop is not folded.
@inline(never)
func bump(_ rows: inout [Row.State], at index: Int) {
  rows[index].count += 1
}
