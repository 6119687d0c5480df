// What the code samples of the ComposableArchitecture package's README and DocC articles, and of
// the repository's README, take for granted: scripts/check-samples compiles them with this file.

import ComposableArchitecture
import Foundation
import Observation

/// The `numberFact` dependency of the NumberFact feature.
struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  static let liveValue = NumberFactClient { number in "\(number) is a number." }
  static let testValue = NumberFactClient { _ in
    reportIssue("NumberFactClient.fetch is not overridden")
    return ""
  }
  static var live: NumberFactClient { liveValue }
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

/// A room's header and unread count, for the observation samples.
struct Room: Reducer {
  struct State: Equatable {
    var header = Header.State()
    var unreadCount = 0
  }
  enum Action: CasePathable {
    case header(Header.Action)
    case messageArrived(String)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.header, action: \.header) { Header() }
    Reduce { state, action in
      if case .messageArrived = action { state.unreadCount += 1 }
      return .none
    }
  }
}

struct Header: Reducer {
  struct State: Equatable { var title = "Room" }
  enum Action: CasePathable { case titleChanged(String) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .titleChanged(let title) = action { state.title = title }
      return .none
    }
  }
}

/// A message that arrived, for the observation samples.
let message = "Hello"

/// Draws a screen; the samples only call them.
func render(count: Int) {}
func render(title: String, unread: Int) {}
/// Asks for the next frame.
@Sendable func scheduleRender() {}

/// What the `@Shared` sample shares.
struct Profile: Codable, Equatable, Sendable { var name = "" }
struct Session: Equatable, Sendable { var token = "" }

/// A screen the navigation sample presents and pushes.
struct ProfileEditor: Reducer {
  struct State: Equatable { var name = "" }
  enum Action: Equatable, CasePathable { case nameChanged(String) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .nameChanged(let name) = action { state.name = name }
      return .none
    }
  }
}

/// Where the app keeps its files (an app's documents folder).
let dataFolder = URL(fileURLWithPath: NSTemporaryDirectory())
