import ComposableArchitecture

/// A child with a long-running effect (a ticking timer) that can also close itself.
struct TickerFeature: Reducer {
  struct State: Equatable, Sendable {
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startButtonTapped
    case tick
    case closeButtonTapped
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .closeButtonTapped:
      return .run { _ in await dismiss() }
    }
  }
}

/// A parent presenting a ticker in a sheet, and asking before deleting with an alert.
struct SheetFeature: Reducer {
  struct State: Equatable, Sendable {
    @PresentationState var ticker: TickerFeature.State?
    @PresentationState var alert: AlertState<Action.Alert>?
    var deleted = false
  }

  enum Action: Equatable, Sendable, CasePathable {
    case showTickerButtonTapped
    case deleteButtonTapped
    case ticker(PresentationAction<TickerFeature.Action>)
    case alert(PresentationAction<Alert>)

    enum Alert: Equatable, Sendable {
      case confirmDelete
    }

    struct AllCasePaths: Sendable {
      var ticker: AnyCasePath<Action, PresentationAction<TickerFeature.Action>> {
        AnyCasePath(Action.ticker) { if case .ticker(let action) = $0 { action } else { nil } }
      }
      var alert: AnyCasePath<Action, PresentationAction<Alert>> {
        AnyCasePath(Action.alert) { if case .alert(let action) = $0 { action } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  var body: some ReducerOf<Self> {
    Reduce<State, Action> { state, action in
      switch action {
      case .showTickerButtonTapped:
        state.ticker = TickerFeature.State()
        return .none
      case .deleteButtonTapped:
        state.alert = .deleteConfirmation
        return .none
      case .alert(.presented(.confirmDelete)):
        state.deleted = true
        return .none
      case .ticker, .alert:
        return .none
      }
    }
    .ifLet(\.$ticker, action: \.ticker) { TickerFeature() }
    .ifLet(\.$alert, action: \.alert)
  }
}

extension AlertState where Action == SheetFeature.Action.Alert {
  static let deleteConfirmation = AlertState(
    title: "Delete?",
    message: "This cannot be undone.",
    buttons: [.destructive("Delete", action: .confirmDelete), .cancel("Cancel")]
  )
}
