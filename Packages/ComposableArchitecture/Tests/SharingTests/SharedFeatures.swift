import ComposableArchitecture
import Foundation

/// Counts in a value shared in memory under "count", directly or from an effect.
struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var taps = 0
  }

  enum Action: Equatable {
    case incrementButtonTapped
    case incrementLaterButtonTapped
    case incrementTwiceButtonTapped
    case incrementResponse
    case tapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .incrementLaterButtonTapped:
      return .run { send in await send(.incrementResponse) }
    case .incrementTwiceButtonTapped:
      state.count += 1
      return .send(.incrementResponse)
    case .incrementResponse:
      state.$count.withLock { $0 += 1 }
      return .none
    case .tapped:
      state.taps += 1
      return .none
    }
  }
}

/// Holds a parent's shared count, handed down as `$count`.
struct CountingChild: Reducer {
  struct State: Equatable {
    @Shared var count: Int
  }

  enum Action: Equatable {
    case incrementButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A profile name kept in a file.
struct ProfileEditor: Reducer {
  struct State: Equatable {
    @Shared var profile: Profile

    init(url: URL) {
      _profile = Shared(wrappedValue: Profile(name: "Anonymous"), .fileStorage(url))
    }
  }

  enum Action: Equatable {
    case nameChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nameChanged(let name):
      state.profile.name = name
      return .none
    }
  }
}

struct Profile: Codable, Equatable, Sendable {
  var name: String
}

/// Edits one field of a shared profile, handed down as `$profile.name`.
struct NameEditor: Reducer {
  struct State: Equatable {
    @Shared var name: String
  }

  enum Action: Equatable {
    case nameChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nameChanged(let name):
      state.name = name
      return .none
    }
  }
}

/// Ticks from an effect that changes the shared count itself before each tick it sends, as a
/// timer that keeps a shared value current does.
struct SharedTicker: Reducer {
  struct State: Equatable {
    @Shared(.inMemory("count")) var count = 0
    var ticks = 0
  }

  enum Action: Equatable {
    case startButtonTapped
    case tick
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startButtonTapped:
      return .run { [count = state.$count, clock] send in
        count.withLock { $0 += 1 }
        await send(.tick)
        count.withLock { $0 += 1 }
        await send(.tick)
        try await clock.sleep(for: .seconds(1))
        count.withLock { $0 = 42 }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// Holds one shared count twice, as two screens handed the same `$count` do.
struct TwoHoldersOfOneCount: Reducer {
  struct State: Equatable {
    @Shared var first: Int
    @Shared var second: Int
  }

  enum Action: Equatable {
    case incrementFirstTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.first += 1
    return .none
  }
}
