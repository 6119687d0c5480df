import ComposableArchitecture
import Testing

@testable import FrommUI

/// A list whose unread count is shared with other features, as the fan's artist list shares
/// its artists with the rooms: news changes it through an action, or another holder changes it
/// outside any send.
private struct Inbox: Reducer {
  struct State: Equatable {
    @Shared var unread: Int
  }

  enum Action: Sendable {
    /// News arrived: the count changes in the reducer, and nothing else in the state does.
    case newsArrived
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.unread += 1
    return .none
  }
}

private struct InboxView: TerminalView {
  func render(_ state: Inbox.State) -> Screen {
    Screen {
      Component.header("Inbox")
      Component.text("\(state.unread) unread")
      Component.prompt("Type")
    }
  }

  func action(for input: InputEvent, in state: Inbox.State) -> Inbox.Action? { nil }
}

@MainActor
@Suite struct RunLoopRedrawTests {
  @Test func run_sharedValueChangedByAnAction_redrawsWithoutInput() async {
    let store = Store(initialState: Inbox.State(unread: Shared(value: 0))) { Inbox() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    let loop = TerminalLoop(store: store, view: InboxView(), terminal: terminal)
    let running = Task { await loop.run() }
    #expect(await pipe.waitForOutput(containing: "0 unread"))

    // As a long poll's answer arrives: an action sent by an effect, not by input.
    store.send(.newsArrived)

    #expect(await pipe.waitForOutput(containing: "1 unread"))
    pipe.interrupt()
    #expect(await running.value == ExitStatus.interrupted)
  }

  @Test func run_sharedValueChangedOutsideASend_redrawsWithoutInput() async {
    let unread = Shared(value: 0)
    let store = Store(initialState: Inbox.State(unread: unread)) { Inbox() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    let loop = TerminalLoop(store: store, view: InboxView(), terminal: terminal)
    let running = Task { await loop.run() }
    #expect(await pipe.waitForOutput(containing: "0 unread"))

    // Another feature holding the same shared value changes it.
    unread.withLock { $0 = 7 }
    #expect(await pipe.waitForOutput(containing: "7 unread"))
    // And again: the observation is armed anew after each change.
    unread.withLock { $0 += 10 }
    #expect(await pipe.waitForOutput(containing: "17 unread"))
    pipe.interrupt()
    #expect(await running.value == ExitStatus.interrupted)
  }

  @Test func run_pipedScriptWhileTheStartActionRestores_printsOnlyTheSettledFirstScreen() async {
    let store = Store(initialState: Restorer.State()) { Restorer() }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.close()

    // Its effect ends, so the loop waits for it however long a busy machine takes.
    let status = await TerminalLoop(
      store: store, view: RestorerView(), terminal: terminal, options: RunOptions(idleTimeout: .seconds(600))
    ).run()

    #expect(status == 0)
    #expect(pipe.output == "Sign in\n=======\n\nUsername:\n")
  }
}

/// Restores a saved session when it starts, finding none.
private struct Restorer: Reducer {
  struct State: Equatable {
    var isRestoring = true
  }

  enum Action: Sendable {
    case task
    case restoreResponse
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .task:
      state.isRestoring = true
      return .run { send in await send(.restoreResponse) }
    case .restoreResponse:
      state.isRestoring = false
      return .none
    }
  }
}

private struct RestorerView: TerminalView {
  var startAction: Restorer.Action? { .task }

  func render(_ state: Restorer.State) -> Screen {
    Screen {
      Component.header("Sign in")
      if state.isRestoring { Component.progress("Restoring your last session") }
      Component.text("Username:")
    }
  }

  func action(for input: InputEvent, in state: Restorer.State) -> Restorer.Action? { nil }
}

/// The inbox, telling the loop how many messages wait unread, as the apps' lists do.
private struct CountingInboxView: TerminalView {
  func render(_ state: Inbox.State) -> Screen {
    InboxView().render(state).unread(state.unread)
  }

  func action(for input: InputEvent, in state: Inbox.State) -> Inbox.Action? { nil }
}

@MainActor
@Suite struct RunLoopAttentionTests {
  @Test func news_ringsTheBellAndTitlesTheTerminal_butTheFirstCountIsNoNews() async {
    let store = Store(initialState: Inbox.State(unread: Shared(value: 2))) { Inbox() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    var options = RunOptions()
    options.attention = "fan"
    let loop = TerminalLoop(store: store, view: CountingInboxView(), terminal: terminal, options: options)
    let running = Task { await loop.run() }
    #expect(await pipe.waitForOutput(containing: "\u{1B}]0;fan — 2 unread\u{07}"))
    #expect(!pipe.output.contains("\u{07}\u{1B}]0;fan — 2"), "the rooms as read at start ring nothing")

    store.send(.newsArrived)
    #expect(await pipe.waitForOutput(containing: "\u{07}\u{1B}]0;fan — 3 unread\u{07}"))
    pipe.interrupt()
    #expect(await running.value == ExitStatus.interrupted)
  }

  @Test func quiet_setsNoTitleAndRingsNothing() async {
    let store = Store(initialState: Inbox.State(unread: Shared(value: 0))) { Inbox() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    let loop = TerminalLoop(store: store, view: CountingInboxView(), terminal: terminal)
    let running = Task { await loop.run() }
    #expect(await pipe.waitForOutput(containing: "0 unread"))
    store.send(.newsArrived)
    #expect(await pipe.waitForOutput(containing: "1 unread"))
    #expect(!pipe.output.contains("\u{07}") && !pipe.output.contains("\u{1B}]0;"))
    pipe.interrupt()
    #expect(await running.value == ExitStatus.interrupted)
  }
}
