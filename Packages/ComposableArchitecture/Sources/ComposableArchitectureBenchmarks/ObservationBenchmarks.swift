import ComposableArchitecture
import Observation

/// A counter with a title that its actions never change, for an observer of something else.
struct TitledCounter: Reducer {
  struct State: Equatable {
    var count = 0
    var title = "Inbox"
  }
  enum Action: Equatable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// (k): ten panels, each shown by its own scoped store, and a clock that no panel shows.
struct Dashboard: Reducer {
  struct State: Equatable {
    var panel0 = Counter.State()
    var panel1 = Counter.State()
    var panel2 = Counter.State()
    var panel3 = Counter.State()
    var panel4 = Counter.State()
    var panel5 = Counter.State()
    var panel6 = Counter.State()
    var panel7 = Counter.State()
    var panel8 = Counter.State()
    var panel9 = Counter.State()
    var clock = 0

    static var panels: [WritableKeyPath<State, Counter.State>] {
      [
        \.panel0, \.panel1, \.panel2, \.panel3, \.panel4, \.panel5, \.panel6, \.panel7, \.panel8, \.panel9,
      ]
    }
  }
  enum Action: Equatable, CasePathable {
    case tick
    case panel(Counter.Action)

    struct AllCasePaths: Sendable {
      var panel: AnyCasePath<Action, Counter.Action> {
        AnyCasePath(Action.panel) { if case .panel(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .tick = action { state.clock += 1 }
    return .none
  }
}

/// The floors' model: plain Swift state in an observable class, with no store.
final class PlainModel: Observable, @unchecked Sendable {
  // @unchecked: used on the main actor only, like the stores beside it.
  private let registrar = ObservationRegistrar()
  private var storedCount = 0
  private var storedClock = 0
  private var storedPanels = [Int](repeating: 0, count: 10)

  var count: Int {
    get {
      registrar.access(self, keyPath: \.count)
      return storedCount
    }
    set { registrar.withMutation(of: self, keyPath: \.count) { storedCount = newValue } }
  }

  var clock: Int {
    get {
      registrar.access(self, keyPath: \.clock)
      return storedClock
    }
    set { registrar.withMutation(of: self, keyPath: \.clock) { storedClock = newValue } }
  }

  func panel(_ index: Int) -> Int {
    registrar.access(self, keyPath: \.panels)
    return storedPanels[index]
  }

  var panels: [Int] { storedPanels }
}

/// The floor of (j): a plain count whose owner calls a closure after each change.
@MainActor
final class PlainCounter {
  var onChange: @MainActor () -> Void = {}
  var count = 0 {
    didSet { if count != oldValue { onChange() } }
  }
}

/// Counts the changes observers are told about.
@MainActor
final class Notifications {
  var count = 0

  /// Observes what `read` reads, once, as a view's render does.
  func observe(_ read: () -> Void) {
    withObservationTracking(read) {
      MainActor.assumeIsolated { self.count += 1 }
    }
  }
}

@MainActor
func observationCases() -> [BenchmarkCase] {
  let tenObserverNotifications = Notifications()
  var tenObserverSends = 0
  return [
    BenchmarkCase(
      id: "j", label: "(j)",
      title: "send, 1 store.observe of the count, told of each change ×500,000",
      target: .atMost(300),
      sample: {
        let store = Store(initialState: Counter.State()) { Counter() }
        var runs = 0
        let token = store.observe {
          consume(store.count)
          runs += 1
        }
        let time = measure(iterations: 500_000) { store.send(.increment) }
        precondition(runs == 500_001, "the observer missed changes")
        token.cancel()
        return time
      },
      floor: Floor(title: "plain class, count += 1, a closure reading it after each change") {
        let model = PlainCounter()
        var runs = 0
        model.onChange = { [unowned model] in
          consume(model.count)
          runs += 1
        }
        let time = measure(iterations: 500_000) { model.count += 1 }
        precondition(runs == 500_000, "the floor's observer missed changes")
        return time
      }
    ),
    BenchmarkCase(
      id: "j1", label: "(j′)",
      title: "send, 1 observer of the count, re-armed after each change ×50,000",
      sample: {
        let store = Store(initialState: Counter.State()) { Counter() }
        let notifications = Notifications()
        let time = measure(iterations: 50_000) {
          notifications.observe { consume(store.state.count) }
          store.send(.increment)
        }
        precondition(notifications.count == 50_000, "the observer missed changes")
        return time
      },
      floor: Floor(title: "plain Observable model, count += 1, re-armed the same way") {
        let model = PlainModel()
        let notifications = Notifications()
        return measure(iterations: 50_000) {
          notifications.observe { consume(model.count) }
          model.count += 1
        }
      }
    ),
    BenchmarkCase(
      id: "j2", label: "(j″)",
      title: "send, 1 observer of a member the send leaves alone ×500,000",
      sample: {
        let store = Store(initialState: TitledCounter.State()) { TitledCounter() }
        let notifications = Notifications()
        notifications.observe { consume(store.title) }
        let time = measure(iterations: 500_000) { store.send(.increment) }
        precondition(notifications.count == 0, "an observer of the title heard a count change")
        return time
      },
      floor: Floor(title: "plain Observable model, count += 1, clock observed") {
        let model = PlainModel()
        let notifications = Notifications()
        notifications.observe { consume(model.clock) }
        return measure(iterations: 500_000) { model.count += 1 }
      }
    ),
    BenchmarkCase(
      id: "k", label: "(k)",
      title: "send, 10 observed scoped stores, a change none reads ×200,000",
      sample: {
        let store = Store(initialState: Dashboard.State()) { Dashboard() }
        let panels = Dashboard.State.panels.map { store.scope(state: $0, action: \.panel) }
        for panel in panels { tenObserverNotifications.observe { consume(panel.state) } }
        tenObserverSends += 200_000
        return measure(iterations: 200_000) { store.send(.tick) }
      },
      floor: Floor(title: "plain Observable model, clock += 1, 10 observers of panels") {
        let model = PlainModel()
        let notifications = Notifications()
        for index in 0..<10 { notifications.observe { consume(model.panel(index)) } }
        return measure(iterations: 200_000) { model.clock += 1 }
      },
      remark: {
        "observers notified: \(tenObserverNotifications.count) in \(tenObserverSends) sends"
          + " that changed only what none of them reads"
      }
    ),
  ]
}
