import ComposableArchitecture
import Synchronization

/// A feature with one action per kind of thing a test can forget to assert.
struct Probe: Reducer {
  struct State: Equatable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable, CasePathable {
    case increment
    case start
    case burst
    case started(Int)
    case runForever
    case connect
    case tick
    case stop

    struct AllCasePaths: Sendable {
      var started: AnyCasePath<Action, Int> {
        AnyCasePath(Action.started) { if case .started(let value) = $0 { value } else { nil } }
      }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  enum CancelID: Hashable, Sendable { case forever }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .start:
      return .run { send in await send(.started(1)) }
    case .burst:
      return .run { send in
        await send(.started(1))
        await send(.tick)
      }
    case .started(let value):
      state.log.append("started \(value)")
      return .none
    case .runForever:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.forever)
    case .connect:
      return .run { send in await send(.runForever) }
    case .tick:
      state.count += 1
      return .none
    case .stop:
      return .cancel(id: CancelID.forever)
    }
  }
}

/// Records where each issue was reported, for failures that must point at a particular line.
final class LocatedIssueCollector: IssueReporter {
  private let storage = Mutex<[(message: String, location: IssueLocation)]>([])

  var issues: [(message: String, location: IssueLocation)] { storage.withLock { $0 } }

  func reportIssue(_ message: String, at location: IssueLocation) {
    storage.withLock { $0.append((message, location)) }
  }
}

/// Runs `body` with an issue collector and returns what the library reported in it.
@MainActor
func collectIssues(_ body: @MainActor () async -> Void) async -> [String] {
  let collector = IssueCollector()
  await withIssueReporter(collector) { await body() }
  return collector.messages
}
