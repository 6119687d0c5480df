import ComposableArchitecture
import Testing

@testable import FrommUI

/// Accepts lines of at most five characters; a longer one is refused and kept to be shortened.
struct ShortLines: Reducer {
  struct State: Equatable {
    var sent: [String] = []
    var refused: String?
  }

  enum Action: Sendable {
    case submitted(String)
  }

  static let limit = 5

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .submitted(let text) where text.count > Self.limit:
      state.refused = text
    case .submitted(let text):
      state.refused = nil
      state.sent.append(text)
    }
    return .none
  }
}

struct ShortLinesView: TerminalView {
  func render(_ state: ShortLines.State) -> Screen {
    Screen {
      Component.text("sent: \(state.sent.joined(separator: ","))")
      Component.prompt("Say", characterLimit: ShortLines.limit, keeping: state.refused)
    }
  }

  func action(for input: InputEvent, in state: ShortLines.State) -> ShortLines.Action? {
    input.text.map(ShortLines.Action.submitted)
  }
}

@Suite struct PromptLineLimitTests {
  @Test func label_underTheLimit_countsTypedCharacters() {
    let line = PromptLine(
      label: "Reply", characters: Array("안녕 hi"), cursor: 5, isSecure: false, width: 60, characterLimit: 500)
    #expect(line.label == "Reply 5/500> ")
  }

  @Test func label_overTheLimit_saysHowManyToCut() {
    let text = Array(String(repeating: "a", count: 512))
    let line = PromptLine(
      label: "Reply", characters: text, cursor: text.count, isSecure: false, width: 60, characterLimit: 500)
    #expect(line.label == "Reply 512/500, cut 12> ")
    #expect(line.cursorColumn == 59)
  }

  @Test func label_withoutALimit_isTheLabelAlone() {
    let line = PromptLine(label: "Reply", characters: Array("hi"), cursor: 2, isSecure: false, width: 60)
    #expect(line.label == "Reply> ")
  }
}

@MainActor
@Suite struct RunLoopPromptLimitTests {
  @Test func run_ttyTyping_redrawsTheCountWithEveryKey() async {
    let store = Store(initialState: ShortLines.State()) { ShortLines() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: ShortLinesView(), terminal: terminal).run() }
    pipe.type("abc")
    #expect(await pipe.waitForOutput(containing: "Say 3/5> abc"))
    pipe.type("def")
    #expect(await pipe.waitForOutput(containing: "Say 6/5, cut 1> abcdef"))
    pipe.interrupt()
    _ = await running.value
  }

  @Test func run_ttyLineOverTheLimit_comesBackIntoTheLineToBeShortened() async {
    let store = Store(initialState: ShortLines.State()) { ShortLines() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: ShortLinesView(), terminal: terminal).run() }
    pipe.type("toolong\r")
    #expect(await pipe.waitForOutput(containing: "Say 7/5, cut 2> toolong"))
    // Backspace twice, then send what is left.
    pipe.send(bytes: [0x7F, 0x7F])
    pipe.type("\r")
    #expect(await pipe.waitForOutput(containing: "sent: toolo"))
    pipe.send(bytes: [0x04])
    let status = await running.value

    #expect(status == 0)
    #expect(store.state == ShortLines.State(sent: ["toolo"], refused: nil))
    #expect(pipe.output.components(separatedBy: "Say ").last?.hasPrefix("0/5> ") == true)
  }

  @Test func run_ttyAcceptedLine_leavesTheLineEmpty() async {
    let store = Store(initialState: ShortLines.State()) { ShortLines() }
    let (terminal, pipe) = Terminal.inMemory(isTTY: true, environment: ["NO_COLOR": "1"])
    let running = Task { await TerminalLoop(store: store, view: ShortLinesView(), terminal: terminal).run() }
    pipe.type("hi\r")
    #expect(await pipe.waitForOutput(containing: "sent: hi"))
    pipe.interrupt()
    _ = await running.value

    #expect(store.state.sent == ["hi"])
    #expect(pipe.output.components(separatedBy: "Say ").last?.hasPrefix("0/5> ") == true)
  }
}
