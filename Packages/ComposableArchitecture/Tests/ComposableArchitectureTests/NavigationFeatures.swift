import ComposableArchitecture

/// A child with a long-running timer under a cancel id that its parents use as well.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startTimer
    case restartTimer
    case stopTimer
    case stopTimerFromEffect
    case tick
    case changeID(Int)
  }

  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer, .restartTimer:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: action == .restartTimer)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .stopTimerFromEffect:
      return .run { _ in await Task.cancel(id: CancelID.timer) }
    case .tick:
      state.ticks += 1
      return .none
    case .changeID(let id):
      state.id = id
      return .none
    }
  }
}

/// The parent's own timer, under the same cancel id as its children's.
func parentTimer<Action: Sendable>(
  clock: any Clock<Duration>, tick: Action
) -> Effect<Action> {
  .run { send in
    while true {
      try await clock.sleep(for: .seconds(1))
      await send(tick)
    }
  }
  .cancellable(id: Ticker.CancelID.timer)
}

/// Presents a ``Ticker`` with `PresentationState`, and runs a timer of its own.
struct TickerHost: Reducer {
  struct State: Equatable {
    @PresentationState var child: Ticker.State?
    var ticks = 0
  }

  enum Action: Equatable, CasePathable {
    case child(PresentationAction<Ticker.Action>)
    case present(id: Int)
    case close
    case startTimer
    case stopTimer
    case tick
    case noop

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, PresentationAction<Ticker.Action>> {
        AnyCasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .present(let id):
        state.child = Ticker.State(id: id)
        return .none
      case .startTimer:
        return parentTimer(clock: clock, tick: .tick)
      case .stopTimer:
        return .cancel(id: Ticker.CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .child, .close, .noop:
        return .none
      }
    }
    .ifLet(\.$child, action: \.child) { Ticker() }
  }
}

/// ``TickerHost`` with another reducer, before or after it, that closes the child on `.close`.
struct TickerHostClosedElsewhere: Reducer {
  let closerRunsFirst: Bool

  var body: some ReducerOf<TickerHost> {
    if closerRunsFirst {
      Self.closer
      TickerHost()
    } else {
      TickerHost()
      Self.closer
    }
  }

  static var closer: Reduce<TickerHost.State, TickerHost.Action> {
    Reduce { state, action in
      if case .close = action { state.child = nil }
      return .none
    }
  }
}

/// A plain optional ``Ticker``, integrated with `ifLet`.
struct TickerSlot: Reducer {
  struct State: Equatable {
    var child: Ticker.State?
    var ticks = 0
  }

  enum Action: Equatable, CasePathable {
    case child(Ticker.Action)
    case show(id: Int)
    case hide
    case startTimer
    case tick

    struct AllCasePaths: Sendable {
      var child: AnyCasePath<Action, Ticker.Action> {
        AnyCasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .show(let id): state.child = Ticker.State(id: id)
      case .hide: state.child = nil
      case .startTimer: return parentTimer(clock: clock, tick: .tick)
      case .tick: state.ticks += 1
      case .child: break
      }
      return .none
    }
    .ifLet(\.child, action: \.child) { Ticker() }
  }
}

/// A ``Ticker`` in one case of an enum, integrated with `ifCaseLet`.
struct TickerScreen: Reducer {
  enum State: Equatable, CasePathable {
    case ticker(Ticker.State)
    case empty

    struct AllCasePaths: Sendable {
      var ticker: AnyCasePath<State, Ticker.State> {
        AnyCasePath(State.ticker) { if case .ticker(let state) = $0 { state } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  enum Action: Equatable, CasePathable {
    case ticker(Ticker.Action)
    case show(Ticker.State)
    case close

    struct AllCasePaths: Sendable {
      var ticker: AnyCasePath<Action, Ticker.Action> {
        AnyCasePath(Action.ticker) { if case .ticker(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .show(let ticker): state = .ticker(ticker)
      case .close: state = .empty
      case .ticker: break
      }
      return .none
    }
    .ifCaseLet(\.ticker, action: \.ticker) { Ticker() }
  }
}

/// Rows of ``Ticker``s, integrated with `forEach`.
struct TickerRows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Ticker.State> = []
  }

  enum Action: Equatable, CasePathable {
    case rows(IdentifiedActionOf<Ticker>)
    case remove(id: Int)
    case replaceAll(with: IdentifiedArrayOf<Ticker.State>)

    struct AllCasePaths: Sendable {
      var rows: AnyCasePath<Action, IdentifiedActionOf<Ticker>> {
        AnyCasePath(Action.rows) { if case .rows(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .remove(let id): state.rows.remove(id: id)
      case .replaceAll(let rows): state.rows = rows
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Ticker() }
  }
}

/// A navigation stack of ``Ticker`` screens.
struct TickerStack: Reducer {
  struct State: Equatable {
    var path = StackState<Ticker.State>()
  }

  enum Action: Equatable, CasePathable {
    case path(StackActionOf<Ticker>)
    case popLast
    case stopAllTimers

    struct AllCasePaths: Sendable {
      var path: AnyCasePath<Action, StackActionOf<Ticker>> {
        AnyCasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .popLast:
        state.path.removeLast()
        return .none
      case .stopAllTimers:
        return .cancel(id: Ticker.CancelID.timer)
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Ticker() }
  }
}
