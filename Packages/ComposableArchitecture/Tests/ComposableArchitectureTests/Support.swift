import ComposableArchitecture

/// Runs `body` with an issue collector and returns what the library reported in it.
@MainActor
func collectIssues(_ body: @MainActor () async -> Void) async -> [String] {
  let collector = IssueCollector()
  await withIssueReporter(collector) { await body() }
  return collector.messages
}

/// A reducer that appends its name to a log, to observe the order reducers run in.
struct Logger<State, Action: Sendable>: Reducer {
  let name: String
  let log: WritableKeyPath<State, [String]> & Sendable

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state[keyPath: log].append(name)
    return .none
  }
}

/// A leaf feature used as the child in composition tests.
struct Counter: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }

  enum Action: Equatable {
    case increment
    case incrementLater
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .run { send in await send(.increment) }
    }
  }
}
