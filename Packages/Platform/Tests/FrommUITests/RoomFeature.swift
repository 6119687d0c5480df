import ComposableArchitecture
import FrommUI
import Synchronization

/// A message stream the test controls, which records whether its subscriber was cancelled.
final class Subscription: Sendable {
  let messages: AsyncStream<String>
  private let continuation: AsyncStream<String>.Continuation
  private let cancelled = Mutex<(isCancelled: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  init() {
    (messages, continuation) = AsyncStream.makeStream(of: String.self)
  }

  func deliver(_ message: String) { continuation.yield(message) }

  func markCancelled() {
    let waiters = cancelled.withLock { state in
      state.isCancelled = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits for the cancellation to land (effects are cancelled asynchronously); `false` only
  /// when it has not after a minute, which only a hung loop takes.
  func waitUntilCancelled() async -> Bool {
    let landed = Task {
      await withCheckedContinuation { waiter in
        let isCancelled = cancelled.withLock { state in
          if !state.isCancelled { state.waiters.append(waiter) }
          return state.isCancelled
        }
        if isCancelled { waiter.resume() }
      }
    }
    let hung = Task {
      try await Task.sleep(for: .seconds(60))
      markCancelled()
    }
    await landed.value
    hung.cancel()
    return (try? await hung.value) == nil
  }
}

/// A chat room: subscribes to messages on start (an effect that never ends), sends on input.
struct Room: Reducer {
  struct State: Equatable {
    var messages: [String] = []
  }

  enum Action: Sendable {
    case start
    case received(String)
    case sendTapped(String)
  }

  let subscription: Subscription

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [subscription] send in
        await withTaskCancellationHandler {
          for await message in subscription.messages { await send(.received(message)) }
        } onCancel: {
          subscription.markCancelled()
        }
      }
    case .received(let message):
      state.messages.append(message)
      return .none
    case .sendTapped(let text):
      state.messages.append("me: \(text)")
      return .none
    }
  }
}

struct RoomView: TerminalView {
  var startAction: Room.Action? { .start }

  func render(_ state: Room.State) -> Screen {
    Screen {
      Component.header("Room")
      if state.messages.isEmpty {
        Component.empty("아직 메시지가 없어요")
      } else {
        Component.list(state.messages.map { ListItem($0) }, numbered: false)
      }
      Component.prompt("Message")
    }
  }

  func action(for input: InputEvent, in state: Room.State) -> Room.Action? {
    if case .command("send", let text) = input { return .sendTapped(text) }
    return nil
  }
}
