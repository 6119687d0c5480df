import ComposableArchitecture
import Testing

/// A child reached through `PresentationState` or an enum case writes its state in place: the
/// parent holds no second reference while the child runs, so appending to a long array in the
/// child copies nothing.
@MainActor
struct ChildWritesInPlaceTests {
  struct Log: Reducer {
    struct State: Equatable {
      var lines: [Int]
    }
    enum Action: Equatable { case append(Int) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .append(let line) = action else { return .none }
      state.lines.append(line)
      return .none
    }
  }

  enum Screen: Equatable, CasePathable {
    case log(Log.State)
    case empty

    struct AllCasePaths: Sendable {
      var log: AnyCasePath<Screen, Log.State> {
        AnyCasePath(Screen.log) { if case .log(let state) = $0 { state } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  /// Presents a screen that is a log, as an app presents a room.
  struct Host: Reducer {
    struct State: Equatable {
      @PresentationState var screen: Screen?
    }

    enum Action: Equatable, CasePathable {
      case screen(PresentationAction<LogAction>)

      struct AllCasePaths: Sendable {
        var screen: AnyCasePath<Action, PresentationAction<LogAction>> {
          AnyCasePath(Action.screen) { if case .screen(let action) = $0 { action } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    enum LogAction: Equatable, CasePathable {
      case log(Log.Action)

      struct AllCasePaths: Sendable {
        var log: AnyCasePath<LogAction, Log.Action> {
          AnyCasePath(LogAction.log) { if case .log(let action) = $0 { action } else { nil } }
        }
      }
      static var allCasePaths: AllCasePaths { AllCasePaths() }
    }

    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifLet(\.$screen, action: \.screen) {
          Scope(state: \.log, action: \.log) { Log() }
        }
    }
  }

  @Test func presentedEnumChildAppends_tenThousandLines_keepsTheArraysStorage() {
    var lines: [Int] = []
    lines.reserveCapacity(10_100)
    lines.append(contentsOf: 1...10_000)
    let store = Store(initialState: Host.State(screen: .log(Log.State(lines: lines)))) { Host() }
    lines = []
    let storage = store.linesStorage

    for line in 10_001...10_010 {
      store.send(.screen(.presented(.log(.append(line)))))
      #expect(store.linesStorage == storage, "appending \(line) copied the \(line - 1) lines before it")
    }
  }
}

extension Store where State == ChildWritesInPlaceTests.Host.State {
  fileprivate var linesStorage: Int? {
    withState { state in
      guard case .log(let log) = state.screen else { return nil }
      return log.lines.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) } }
    }
  }
}
