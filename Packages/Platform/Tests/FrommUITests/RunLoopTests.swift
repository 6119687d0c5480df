import ComposableArchitecture
import ComposableArchitectureTesting
import Synchronization
import Testing

@testable import FrommUI

@MainActor
@Suite struct RunLoopPlainModeTests {
  @Test func run_pipedCounterScript_printsTheFirstScreenThenOnlyChangedLinesAndExitsZero() async {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    let (terminal, pipe) = Terminal.inMemory(size: TerminalSize(columns: 40, rows: 24))
    pipe.type("+\n+\n-\nf\n")
    pipe.close()

    let status = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()

    #expect(status == 0)
    let menu = "[+] Increment  [-] Decrement  [f] Fact"
    #expect(
      pipe.output
        == "카운터\n======\n\nCount: 0\n\(menu)\n"
        + "Count: 1\nCount: 2\nCount: 1\n(...) Fetching a fact\n1은(는) 좋은 숫자예요.\n")
    #expect(!pipe.output.contains("\u{1B}"))
  }

  @Test func run_inputSplitAcrossChunksWithoutFinalNewline_handlesEveryLine() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.send(bytes: Array("+\n".utf8.prefix(1)))
    pipe.send(bytes: Array("\n+".utf8))
    pipe.close()

    let status = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()

    #expect(status == 0)
    #expect(store.state.count == 2)
  }

  @Test func run_unknownInput_showsNoticeKeepsRunningAndExitsOne() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.type("hello\n/dance\n+\n")
    pipe.close()

    let status = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()

    #expect(status == ExitStatus.refused)
    let lines = pipe.output.split(separator: "\n").suffix(3)
    #expect(
      Array(lines) == [
        "[i] Nothing here answers to \"hello\"; /help lists what does.",
        "[i] Unknown command \"/dance\"; /help lists the commands here.",
        "Count: 1",
      ])
    #expect(store.state.count == 1)
  }

  @Test func run_helpThenAKey_listsTheScreensCommandsAndExitsZero() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (terminal, pipe) = Terminal.inMemory(size: TerminalSize(columns: 40, rows: 24))
    pipe.type("/help\n+\n")
    pipe.close()

    let status = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()

    #expect(status == 0)
    #expect(
      pipe.output.hasSuffix(
        """
        ----------------------------------------
        Keys and commands here:
          +         Increment
          -         Decrement
          f         Fact
          /help, ?  This list
        Count: 1

        """))
    #expect(store.state.count == 1)
  }

  @Test func run_endOfInputWithEndlessEffect_cancelsItAndExitsZero() async {
    let probe = Subscription()
    let store = Store(initialState: Room.State()) { Room(subscription: probe) }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.close()

    let status = await TerminalLoop(
      store: store, view: RoomView(), terminal: terminal, options: RunOptions(idleTimeout: .milliseconds(50))
    ).run()

    #expect(status == 0)
    #expect(await probe.waitUntilCancelled())
  }

  @Test func run_messageArrivingWhileIdle_isPrintedBeforeMoreInput() async {
    let probe = Subscription()
    let store = Store(initialState: Room.State()) { Room(subscription: probe) }
    let (terminal, pipe) = Terminal.inMemory()
    let loop = TerminalLoop(store: store, view: RoomView(), terminal: terminal)
    let running = Task { await loop.run() }

    #expect(await pipe.waitForOutput(containing: "(아직 메시지가 없어요)"))
    probe.deliver("아이유: 안녕하세요!")
    #expect(await pipe.waitForOutput(containing: "- 아이유: 안녕하세요!"))
    pipe.type("/send 반가워요\n")
    #expect(await pipe.waitForOutput(containing: "- me: 반가워요"))
    pipe.interrupt()

    #expect(await running.value == ExitStatus.interrupted)
    #expect(await probe.waitUntilCancelled())
  }

  @Test func run_interruptWhileEffectInFlight_cancelsEffectAndExits130() async {
    let probe = Subscription()
    let store = Store(initialState: Room.State()) { Room(subscription: probe) }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.interrupt()
    pipe.type("/send never handled\n")

    let status = await TerminalLoop(store: store, view: RoomView(), terminal: terminal).run()

    #expect(status == ExitStatus.interrupted)
    #expect(await probe.waitUntilCancelled())
    #expect(store.state.messages.isEmpty)
  }

  @Test func run_interruptWhileWaitingForProgress_exitsWithoutHandlingQueuedLines() async {
    // The fact arrives only after a real second, so the screen keeps its progress indicator and
    // plain mode waits before the next line; Ctrl-C must end the loop before "+" is handled.
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    let (terminal, pipe) = Terminal.inMemory()
    let loop = TerminalLoop(
      store: store, view: CounterView(), terminal: terminal, options: RunOptions(maximumWait: .seconds(600)))
    let running = Task { await loop.run() }
    pipe.type("f\n+\n")
    #expect(await pipe.waitForOutput(containing: "(...) Fetching a fact"))
    pipe.interrupt()

    #expect(await running.value == ExitStatus.interrupted)
    #expect(store.state.count == 0)
  }

  @Test func run_cancelledWhileWaitingForInput_returnsZero() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (terminal, pipe) = Terminal.inMemory()
    let loop = TerminalLoop(store: store, view: CounterView(), terminal: terminal)
    let running = Task { await loop.run() }
    #expect(await pipe.waitForOutput(containing: "Count: 0"))
    running.cancel()

    #expect(await running.value == 0)
  }

  @Test func run_inATestProcessByDefault_leavesIssuesToTheTestsReporter() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { state, _ in
        state += 1
        return .run { _ in throw FailingError() }
      }
    }
    let view = AnyTerminalView<Int, Bool>(render: { count in Screen { Component.text("\(count)") } }) {
      _, _ in
      true
    }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.type("go\n")
    pipe.close()
    let issues = IssueCollector()

    await withIssueReporter(issues) {
      _ = await TerminalLoop(store: store, view: view, terminal: terminal).run()
    }

    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("could not reach the server") == true)
    #expect(!pipe.output.contains("[!]"))
  }

  @Test func run_effectThrowingUnhandledError_showsErrorBannerInsteadOfDyingAndExitsOne() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { state, _ in
        state += 1
        return .run { _ in throw FailingError() }
      }
    }
    let view = AnyTerminalView<Int, Bool>(render: { count in Screen { Component.text("Tapped \(count)") } }) {
      input, _ in
      input == .line("go") ? true : nil
    }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.type("go\n")
    pipe.close()

    let status = await TerminalLoop(
      store: store, view: view, terminal: terminal, options: RunOptions(showsIssuesOnScreen: true)
    ).run()

    #expect(status == ExitStatus.refused)
    #expect(pipe.output.contains("Tapped 1\n[!] "))
    #expect(pipe.output.contains("could not reach the server"))
  }
}

@MainActor
@Suite struct RunLoopInteractiveModeTests {
  @Test func run_tty_redrawsInPlaceEchoesTypingAndRestoresTheTerminal() async {
    let events = Mutex<[String]>([])
    let (stream, continuation) = AsyncStream.makeStream(of: Terminal.Input.self)
    let output = Mutex("")
    let terminal = Terminal(
      input: stream, write: { text in output.withLock { $0 += text } }, isTTY: true,
      size: { TerminalSize(columns: 40, rows: 10) }, environment: ["TERM": "xterm"],
      enterInteractiveMode: { events.withLock { $0.append("raw") } },
      restore: { events.withLock { $0.append("restore") } })
    let store = Store(initialState: Counter.State()) { Counter() }
    continuation.yield(.bytes(Array("+x".utf8)))
    continuation.yield(.bytes([0x7F, 0x0D]))
    continuation.yield(.bytes([0x04]))

    let status = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()

    #expect(status == 0)
    #expect(store.state.count == 1)
    #expect(events.withLock { $0 } == ["raw", "restore"])
    let text = output.withLock { $0 }
    #expect(text.hasPrefix("\u{1B}[?1049h"))
    #expect(text.hasSuffix("\u{1B}[?2004l\u{1B}[?1049l"))
    #expect(text.contains("\u{1B}[1;36m카운터\u{1B}[0m\u{1B}[K\r\n"))
    #expect(text.contains("\r\u{1B}[K\u{1B}[1m> \u{1B}[0m+x"))
    #expect(text.contains("Count: 1"))
  }

  @Test func run_ttyMessageArrivesWhileTyping_redrawsScreenAndKeepsTheTypedText() async {
    let probe = Subscription()
    let store = Store(initialState: Room.State()) { Room(subscription: probe) }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: RoomView(), terminal: terminal).run() }
    pipe.type("반가")
    #expect(await pipe.waitForOutput(containing: "Message> 반가"))
    probe.deliver("아이유: 안녕!")

    #expect(await pipe.waitForOutput(containing: "  - 아이유: 안녕!\u{1B}[K\r\n\u{1B}[JMessage> 반가"))
    pipe.type("워요")
    #expect(await pipe.waitForOutput(containing: "Message> 반가워요"))
    pipe.interrupt()
    #expect(await running.value == ExitStatus.interrupted)
    #expect(store.state.messages == ["아이유: 안녕!"])
  }

  @Test func run_ttyWithNoColorAndSecurePrompt_masksTypingWithoutColors() async {
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    let view = AnyTerminalView<String, String>(
      render: { _ in Screen { Component.field(label: "Password", text: "", isSecure: true, isFocused: true) }
      },
      action: { input, _ in input.text })
    let store = Store(initialState: "") {
      Reduce<String, String> { state, action in
        state = action
        return .none
      }
    }
    pipe.type("pw")
    pipe.send(bytes: [0x0D, 0x04])

    let status = await TerminalLoop(store: store, view: view, terminal: terminal).run()

    #expect(status == 0)
    #expect(store.state == "pw")
    #expect(pipe.output.contains("Password> **"))
    #expect(!pipe.output.contains("pw"))
    #expect(!pipe.output.contains("\u{1B}[1m"))
  }
}

@Suite struct FeatureRunnerTests {
  @MainActor
  @Test func run_feature_usesPreviewDependencies() async {
    let (terminal, pipe) = Terminal.inMemory()
    pipe.type("f\n")
    pipe.close()

    let status = await FeatureRunner.run(
      initialState: Counter.State(), reducer: ContextProbe(), view: ContextProbeView(), terminal: terminal)

    #expect(status == 0)
    #expect(pipe.output.contains("context: preview"))
  }
}

struct FailingError: Error, CustomStringConvertible {
  var description: String { "could not reach the server" }
}

/// Reports the dependency context its effect ran in.
struct ContextProbe: Reducer {
  @Dependency(\.context) var context

  func reduce(into state: inout Counter.State, action: Counter.Action) -> Effect<Counter.Action> {
    switch action {
    case .factButtonTapped:
      return .send(.factResponse("context: \(context)"))
    case .factResponse(let text):
      state.fact = text
      return .none
    default:
      return .none
    }
  }
}

struct ContextProbeView: TerminalView {
  func render(_ state: Counter.State) -> Screen {
    Screen { Component.text(state.fact ?? "-") }
  }

  func action(for input: InputEvent, in state: Counter.State) -> Counter.Action? {
    input == .line("f") ? .factButtonTapped : nil
  }
}
