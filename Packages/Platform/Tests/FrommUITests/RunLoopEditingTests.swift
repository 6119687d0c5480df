import ComposableArchitecture
import Synchronization
import Testing

@testable import FrommUI

/// Sends one message at a time and refuses another while one is in flight, like a chat room.
struct Sender: Reducer {
  struct State: Equatable {
    var sent: [String] = []
    var isSending = false
  }

  enum Action: Sendable {
    case sendTapped(String)
    case sendResponse(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .sendTapped(let text):
      guard !state.isSending else { return .none }
      state.isSending = true
      return .run { send in
        try? await Task.sleep(for: .milliseconds(20))
        await send(.sendResponse(text))
      }
    case .sendResponse(let text):
      state.isSending = false
      state.sent.append(text)
      return .none
    }
  }
}

struct SenderView: TerminalView {
  func render(_ state: Sender.State) -> Screen {
    Screen {
      Component.header("Room")
      Component.log(state.sent.map { ListItem($0) })
      if state.isSending { Component.progress("Sending") }
      Component.prompt("Reply")
    }
  }

  func action(for input: InputEvent, in state: Sender.State) -> Sender.Action? {
    input.text.map(Sender.Action.sendTapped)
  }
}

private let escape = "\u{1B}"

/// The last full frame the loop drew: what follows the last cursor-home.
private func lastFrame(_ output: String) -> String {
  String(output.components(separatedBy: "\u{1B}[H").last ?? "")
}

@MainActor
@Suite struct RunLoopBurstTests {
  @Test func run_ttyBurstOfLinesWhileEachIsBeingSent_sendsEveryLineInOrder() async {
    let store = Store(initialState: Sender.State()) { Sender() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    pipe.type("one\rtwo\rthree\r")
    pipe.send(bytes: [0x04])

    let status = await TerminalLoop(store: store, view: SenderView(), terminal: terminal).run()

    #expect(status == 0)
    #expect(store.state.sent == ["one", "two", "three"])
  }

  @Test func run_ttyBracketedPasteOfFourLines_sendsOneMessageOnEnter() async {
    let store = Store(initialState: Sender.State()) { Sender() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    let loop = TerminalLoop(store: store, view: SenderView(), terminal: terminal)
    let running = Task { await loop.run() }
    pipe.type("\(escape)[200~line 1\rline 2\rline 3\rline 4\r\(escape)[201~")
    // The draft waits in the prompt, its line breaks shown as ↵.
    #expect(await pipe.waitForOutput(containing: "line 1↵line 2↵line 3↵line 4"))
    #expect(store.state.sent.isEmpty)
    pipe.type("\r")
    pipe.send(bytes: [0x04])

    _ = await running.value
    #expect(store.state.sent == ["line 1\nline 2\nline 3\nline 4"])
    #expect(pipe.output.hasPrefix("\(escape)[?1049h\(escape)[?2004h\(escape)[?1000h\(escape)[?1006h"))
  }

  @Test func run_pipedBurstOfLinesWhileEachIsBeingSent_sendsEveryLineInOrder() async {
    let store = Store(initialState: Sender.State()) { Sender() }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.type("one\ntwo\nthree\n")
    pipe.close()

    let status = await TerminalLoop(store: store, view: SenderView(), terminal: terminal).run()

    #expect(status == 0)
    #expect(store.state.sent == ["one", "two", "three"])
  }

  @Test func run_ttyTenThousandCharacterPaste_sendsItWhole() async {
    let store = Store(initialState: Sender.State()) { Sender() }
    let (terminal, pipe) = Terminal.inMemory(
      isTTY: true, size: TerminalSize(columns: 60, rows: 20), environment: ["NO_COLOR": "1"])
    let text = String(repeating: "안녕 hello ", count: 1_000)
    let paste = Array("\(escape)[200~\(text)\(escape)[201~".utf8)
    stride(from: 0, to: paste.count, by: 4_096).forEach {
      pipe.send(bytes: Array(paste[$0..<min($0 + 4_096, paste.count)]))
    }
    let running = Task { await TerminalLoop(store: store, view: SenderView(), terminal: terminal).run() }
    // The prompt shows the paste's tail, as much as fits in 60 columns.
    let tail = " hello " + String(repeating: "안녕 hello ", count: 4)
    #expect(await pipe.waitForOutput(containing: "Reply> " + tail))
    #expect(pipe.output.hasSuffix("\r\u{1B}[KReply> " + tail))
    pipe.type("\r")
    pipe.send(bytes: [0x04])
    _ = await running.value

    #expect(store.state.sent == [text])
  }

  @Test func run_ttyUpOnAScreenThatDoesNotUseIt_recallsTheLastLine() async {
    let store = Store(initialState: Sender.State()) { Sender() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    let running = Task { await TerminalLoop(store: store, view: SenderView(), terminal: terminal).run() }
    pipe.type("hello\r")
    #expect(await pipe.waitForOutput(containing: "  - hello"))
    pipe.type("\(escape)[A\r")
    pipe.send(bytes: [0x04])
    _ = await running.value

    #expect(store.state.sent == ["hello", "hello"])
  }

  @Test func run_ttySecretLine_isNotRecalledByUp() async {
    let view = AnyTerminalView<[String], String>(
      render: { lines in
        Screen {
          Component.text("\(lines.count) lines")
          Component.field(label: "Password", text: "", isSecure: lines.isEmpty, isFocused: true)
        }
      },
      action: { input, _ in input.text })
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, line in
        state.append(line)
        return .none
      }
    }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    pipe.type("secret-pw\r")
    pipe.type("\(escape)[A\r")
    pipe.send(bytes: [0x04])

    _ = await TerminalLoop(store: store, view: view, terminal: terminal).run()

    #expect(store.state == ["secret-pw", ""])
  }
}

@MainActor
@Suite struct RunLoopScreenTests {
  /// arti's room: newest first, many more messages than a 60×20 window holds.
  private func room(_ count: Int) -> AnyTerminalView<Int, Never> {
    AnyTerminalView(
      render: { count in
        Screen {
          Component.header("Your room", subtitle: "Replies are private")
          Component.log(
            (1...count).reversed().map { ListItem("message \($0)", detail: "12:00") }, newestFirst: true)
          Component.divider
          Component.menu([MenuCommand("/refresh", "Reload")])
          Component.prompt("Broadcast")
        }
      },
      action: { _, _ in nil })
  }

  @Test func run_newestFirstLogTallerThan60x20_keepsHeaderAndNewestVisibleAndPagesToOlder() async {
    let store = Store(initialState: 40) { EmptyReducer<Int, Never>() }
    let (terminal, pipe) = Terminal.inMemory(
      isTTY: true, size: TerminalSize(columns: 60, rows: 20), environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: room(40), terminal: terminal).run() }
    #expect(await pipe.waitForOutput(containing: "Broadcast> "))

    var frame = lastFrame(pipe.output).components(separatedBy: "\u{1B}[K\r\n")
    #expect(frame.count == 20)
    #expect(frame.first == "Your room")
    #expect(frame[4].hasPrefix("  - message 40"))
    #expect(frame.contains("-- 28 earlier messages below (PageDown) --"))
    #expect(frame.contains("[/refresh] Reload"))

    pipe.type("\(escape)[6~")
    #expect(await pipe.waitForOutput(containing: "newer messages above"))
    frame = lastFrame(pipe.output).components(separatedBy: "\u{1B}[K\r\n")
    #expect(frame.first == "Your room")
    #expect(frame[4] == "-- 11 newer messages above (PageUp) --")
    #expect(frame[5].hasPrefix("  - message 29"))
    #expect(frame[16] == "-- 18 earlier messages below (PageDown) --")
    pipe.interrupt()
    _ = await running.value
  }

  @Test func run_oldestFirstLogPagedBack_keepsItsPlaceAndCountsNewMessagesBelow() async {
    let probe = Subscription()
    let store = Store(initialState: Room.State(messages: (1...30).map { "old \($0)" })) {
      Room(subscription: probe)
    }
    let view = AnyTerminalView<Room.State, Room.Action>(
      startAction: .start,
      render: { state in
        Screen {
          Component.header("Room")
          Component.log(state.messages.map { ListItem($0) })
          Component.prompt("Message")
        }
      },
      action: { _, _ in nil })
    let (terminal, pipe) = Terminal.inMemory(
      isTTY: true, size: TerminalSize(columns: 40, rows: 12), environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: view, terminal: terminal).run() }
    #expect(await pipe.waitForOutput(containing: "  - old 30"))
    pipe.type("\(escape)[5~")
    #expect(await pipe.waitForOutput(containing: "newer messages below"))
    let before = lastFrame(pipe.output).components(separatedBy: "\u{1B}[K\r\n")
    probe.deliver("fresh")
    #expect(await pipe.waitForOutput(containing: "-- 7 newer messages below (PageDown) --"))
    let after = lastFrame(pipe.output).components(separatedBy: "\u{1B}[K\r\n")
    #expect(before[3] == "-- 18 earlier messages above (PageUp) --")
    #expect(after[3..<10] == before[3..<10])
    pipe.interrupt()
    _ = await running.value
  }

  @Test func run_viewAnsweringPageUp_getsItOnlyOnceTheLogShowsItsOldest() async {
    // A room that reads five older messages each time the view gets PageUp.
    let store = Store(initialState: (1...20).map { "message \($0)" }) {
      Reduce<[String], String> { messages, action in
        let oldest = messages.count - 20
        messages.insert(contentsOf: (1...5).map { "older \(oldest + $0)" }.reversed(), at: 0)
        return .none
      }
    }
    let view = AnyTerminalView<[String], String>(
      render: { messages in
        Screen {
          Component.header("Room")
          Component.log(messages.map { ListItem($0) })
          Component.prompt("Message")
        }
      },
      action: { input, _ in input == .key(.pageUp) ? "older" : nil })
    let (terminal, pipe) = Terminal.inMemory(
      isTTY: true, size: TerminalSize(columns: 40, rows: 12), environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: view, terminal: terminal).run() }
    #expect(await pipe.waitForOutput(containing: "  - message 20"))
    pipe.type("\(escape)[5~")
    #expect(await pipe.waitForOutput(containing: "newer messages below"))
    // A page is what fits, less one message kept: the log moved, the view was not asked.
    #expect(store.withState { $0.count } == 20)
    let frame = lastFrame(pipe.output).components(separatedBy: "\u{1B}[K\r\n")
    let shown = frame.filter { $0.hasPrefix("  - message") }
    #expect(shown.count >= 2)
    for _ in 1...8 { pipe.type("\(escape)[5~") }
    #expect(await pipe.waitForOutput(containing: "  - older 1"))
    // Every message of the room was on screen on the way up: none skipped.
    for number in 1...20 { #expect(pipe.output.contains("  - message \(number)\u{1B}[K")) }
    pipe.interrupt()
    _ = await running.value
  }

  @Test func run_screenChangesWhileTyping_theDraftStaysWithItsScreen() async {
    // Escape leaves the room for the list (`nil`), a line on the list opens the room again.
    let store = Store(initialState: "IU" as String?) {
      Reduce<String?, String?> { room, action in
        room = action
        return .none
      }
    }
    let view = AnyTerminalView<String?, String?>(
      render: { room in
        Screen {
          Component.header(room ?? "Artists")
          Component.prompt(room == nil ? "Artist" : "Reply")
        }
      },
      action: { input, room in
        if input == .key(.escape) { return .some(nil) }
        if room == nil, case .line(let name) = input { return .some(name) }
        return nil
      })
    let (terminal, pipe) = Terminal.inMemory(
      isTTY: true, size: TerminalSize(columns: 40, rows: 12), environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: view, terminal: terminal).run() }
    #expect(await pipe.waitForOutput(containing: "Reply"))
    pipe.type("한글 draft")
    #expect(await pipe.waitForOutput(containing: "한글 draft"))
    pipe.type(escape)
    #expect(await pipe.waitForOutput(containing: "Artist>"))
    // The list's line starts empty: `IU` Enter opens the room, not "한글 draftIU".
    pipe.type("IU\r")
    pipe.type("!")
    // Back in the room, its draft is back, and `!`, typed ahead, follows it.
    #expect(await pipe.waitForOutput(containing: "한글 draft!"))
    #expect(store.withState { $0 } == "IU")
    pipe.interrupt()
    _ = await running.value
  }

  @Test func run_keyOfAMenuWithoutALine_actsAloneAndWhatFollowsIsTypedOnTheNextScreen() async {
    // An intro whose `[l]` opens an ID form: `l` acts without Enter, and the ID typed after it
    // lands in the form whole (not "liu_official").
    let store = Store(initialState: "intro") {
      Reduce<String, String> { screen, action in
        screen = action
        return .none
      }
    }
    let view = AnyTerminalView<String, String>(
      render: { screen in
        Screen {
          Component.header(screen == "intro" ? "Welcome" : "Sign in")
          if screen == "intro" {
            Component.menu([MenuCommand("l", "Log in")], keysActAlone: true)
          } else {
            Component.text(screen)
            Component.prompt("ID")
          }
        }
      },
      action: { input, screen in
        if screen == "intro" { return input == .line("l") ? "form" : nil }
        return input.text.map { "signed in as \($0)" }
      })
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: view, terminal: terminal).run() }
    #expect(await pipe.waitForOutput(containing: "[l] Log in"))
    pipe.type("liu_official\r")
    #expect(await pipe.waitForOutput(containing: "signed in as iu_official"))
    pipe.interrupt()
    _ = await running.value
    #expect(store.withState { $0 } == "signed in as iu_official")
    #expect(!pipe.output.contains("liu_official"))
  }

  @Test func run_ctrlZ_givesTheScreenBackSuspendsAndRedraws() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    pipe.send(bytes: [0x1A])
    pipe.send(bytes: [0x04])

    let status = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()

    #expect(status == 0)
    #expect(pipe.suspensions == 1)
    let parts = pipe.output.components(separatedBy: "\u{1B}[?1049l")
    #expect(parts.count == 3)
    #expect(parts[1].hasPrefix("\u{1B}[?1049h"))
    #expect(parts[1].contains("Count: 0"))
  }

  @Test func run_warningWrittenWhileFullScreen_showsInAStatusLine() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    pipe.warn("cache: disk full")
    pipe.send(bytes: [0x04])

    _ = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()

    #expect(pipe.output.contains("[i] cache: disk full\u{1B}[K"))
  }

  @Test func run_noticeFromBeforeTheLoop_showsInTheStatusLineOfTheFirstFrame() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    pipe.send(bytes: [0x04])
    var options = RunOptions()
    options.notice = "The session file is corrupt; you are signed out."

    _ = await TerminalLoop(store: store, view: CounterView(), terminal: terminal, options: options).run()

    let firstFrame = pipe.output.components(separatedBy: "\u{1B}[H").dropFirst(2).first ?? ""
    #expect(firstFrame.contains("[i] The session file is corrupt; you are signed out.\u{1B}[K"))
  }

  @Test func run_dumbTerminal_getsPlainModeWithoutEscapes() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["TERM": "dumb"])
    pipe.type("+\n")
    pipe.close()

    let status = await TerminalLoop(store: store, view: CounterView(), terminal: terminal).run()

    #expect(status == 0)
    #expect(pipe.output.contains("Count: 1"))
    #expect(!pipe.output.contains("\u{1B}"))
  }
}

@MainActor
@Suite struct RunLoopExitStatusTests {
  private let signIn = AnyTerminalView<String, String>(
    render: { name in
      Screen {
        Component.field(label: "Password", text: "", isSecure: true, isFocused: name.isEmpty)
        if !name.isEmpty { Component.text("Signed in") }
      }
    },
    action: { input, _ in input.text })

  private func store() -> StoreOf<Reduce<String, String>> {
    Store(initialState: "") {
      Reduce<String, String> { state, line in
        state = line
        return .none
      }
    }
  }

  @Test func run_pipedInputEndingAtAForm_exitsOne() async {
    let (terminal, pipe) = Terminal.inMemory()
    pipe.close()

    #expect(await TerminalLoop(store: store(), view: signIn, terminal: terminal).run() == ExitStatus.refused)
  }

  @Test func run_plainModeOnATerminal_turnsEchoOffForASecretAndBackOn() async {
    let echo = Mutex<[Bool]>([])
    let (stream, continuation) = AsyncStream.makeStream(of: Terminal.Input.self)
    let terminal = Terminal(
      input: stream, write: { _ in }, isTTY: false, setEcho: { isOn in echo.withLock { $0.append(isOn) } })
    continuation.yield(.bytes(Array("fromm-demo-1\n".utf8)))
    continuation.finish()

    let status = await TerminalLoop(store: store(), view: signIn, terminal: terminal).run()

    #expect(status == 0)
    #expect(echo.withLock { $0 } == [false, true])
  }

  @Test func run_ttyTabAfterTheStartOfACommand_completesItOrListsTheCommandsThatFit() async {
    let store = Store(initialState: Sender.State()) { Sender() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    let view = AnyTerminalView<Sender.State, Sender.Action>(render: SenderView().render) { input, _ in
      switch input {
      case .command(name: "reload", _), .command(name: "retry", _): .sendTapped("command")
      case .line(let text): .sendTapped(text)
      default: nil
      }
    }
    let loop = TerminalLoop(store: store, view: view, terminal: terminal)
    let running = Task { await loop.run() }
    pipe.type("/rel\t")
    #expect(await pipe.waitForOutput(containing: "Reply> /reload "))
    pipe.send(bytes: [0x15])
    pipe.type("/r\t")
    #expect(await pipe.waitForOutput(containing: "[i] Commands: /reload  /retry"))
    #expect(pipe.output.hasSuffix("Reply> /re"))
    pipe.interrupt()
    _ = await running.value
    #expect(store.state.sent.isEmpty)
  }

  @Test func run_sighupOnATerminal_restoresTheTerminalAndExits129() async {
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    pipe.hangUp()

    #expect(await TerminalLoop(store: store(), view: signIn, terminal: terminal).run() == ExitStatus.hungUp)
    // Mouse reports and bracketed paste off, and the alternate screen left, as after Ctrl-C.
    #expect(pipe.output.hasSuffix("\u{1B}[?2004l\u{1B}[?1049l"))
  }

  @Test func run_sigterm_exits143() async {
    let (terminal, pipe) = Terminal.inMemory()
    pipe.terminate()

    #expect(
      await TerminalLoop(store: store(), view: signIn, terminal: terminal).run() == ExitStatus.terminated)
  }

  @Test func run_ttyCtrlC_exits130() async {
    let (terminal, pipe) = Terminal.inMemory(isTTY: true)
    pipe.send(bytes: [0x03])

    #expect(
      await TerminalLoop(store: store(), view: signIn, terminal: terminal).run() == ExitStatus.interrupted)
  }
}
