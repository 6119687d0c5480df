import ComposableArchitecture
import FrommUI

/// The README's counter with a number fact: a tiny feature for driving the run loop.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
  }

  enum Action: Sendable, Equatable {
    case incrementButtonTapped
    case decrementButtonTapped
    case factButtonTapped
    case factResponse(String)
  }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      state.fact = nil
      return .none
    case .decrementButtonTapped:
      state.count -= 1
      state.fact = nil
      return .none
    case .factButtonTapped:
      state.isLoading = true
      return .run { [count = state.count, clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.factResponse("\(count)은(는) 좋은 숫자예요."))
      }
    case .factResponse(let fact):
      state.isLoading = false
      state.fact = fact
      return .none
    }
  }
}

struct CounterView: TerminalView {
  static let commands = [
    MenuCommand("+", "Increment"), MenuCommand("-", "Decrement"), MenuCommand("f", "Fact"),
  ]

  func render(_ state: Counter.State) -> Screen {
    Screen {
      Component.header("카운터")
      Component.text("Count: \(state.count)")
      if state.isLoading { Component.progress("Fetching a fact") }
      if let fact = state.fact { Component.text(fact) }
      Component.menu(Self.commands)
    }
  }

  func action(for input: InputEvent, in state: Counter.State) -> Counter.Action? {
    switch Self.commands.command(for: input)?.shortcut {
    case "+": .incrementButtonTapped
    case "-": .decrementButtonTapped
    case "f": .factButtonTapped
    default: nil
    }
  }
}
