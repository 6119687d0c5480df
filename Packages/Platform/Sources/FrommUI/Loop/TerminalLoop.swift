import ComposableArchitecture

/// Drives a store in a terminal: renders on every state change, turns input into actions,
/// keeps effects running, and exits cleanly.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) { Counter() }
/// let status = await TerminalLoop(store: store, view: CounterView(), terminal: .standard()).run()
/// exit(status)
/// ```
///
/// On a terminal (interactive mode) the screen is redrawn in place in the alternate screen,
/// the line being typed stays at the bottom while updates arrive and is edited like a shell's
/// (see ``InputEvent``), Ctrl-Z suspends, Ctrl-C or Ctrl-D on an empty line exits. A screen
/// taller than the window shrinks its decoration, keeps its title and bottom and shortens its
/// ``Component/log(_:newestFirst:)``, which PageUp/PageDown and the mouse wheel page through.
/// Every line typed ahead in a burst is handled in order, each after the previous one's work
/// has settled; a bracketed paste is one draft, sent on Enter; Tab completes a `/command`.
///
/// Renders follow the store's changes and those of the shared values (`@Shared`) the screen
/// read; the loop is woken by input, changes, effects finishing and timers, never by polling.
///
/// Otherwise (plain mode, also on a terminal with `TERM=dumb`) the first screen is printed
/// whole once the start action's work has settled, and then only the lines that changed,
/// without escape codes; input is read line by line, each line waiting for the previous one's
/// work to settle (see ``RunOptions``), a password typed on a terminal is not echoed, and the
/// loop exits at end of input once work has settled.
///
/// Either way the effects started by input are cancelled on exit; the exit status is one of
/// ``ExitStatus``. Runtime issues are shown as an error banner (see
/// ``RunOptions/showsIssuesOnScreen``), and lines written to standard error while the full
/// screen is up as a status line.
@MainActor
public final class TerminalLoop<State, Action: Sendable> {
  private let store: Store<State, Action>
  private let renderScreen: (State) -> Screen
  private let mapInput: (InputEvent, State) -> Action?
  private let startAction: Action?
  private let terminal: Terminal
  private let options: RunOptions

  private var isRunning = false
  private let input = InputQueue()
  private let schedule = RenderSchedule()
  private lazy var work = LoopWork(options: options) { [unowned self] in self.display.screen.hasProgress }
  private lazy var display = LoopDisplay(terminal: terminal) { [unowned self] in self.editor }
  private var editor = LineEditor()
  /// What was typed on screens that are not shown, kept with them.
  private var drafts = Drafts()
  private var splitter = LineSplitter()
  /// Input from the line editor waiting for the work of the input before it to settle.
  private var pendingEvents: [(event: InputEvent, line: String?)] = []
  private var dispatcher: Task<Void, Never>?
  /// Turns the progress spinner while the screen shows progress.
  private var spinner: Task<Void, Never>?

  /// A loop showing `store` through `view` on `terminal`.
  public init<View: TerminalView>(
    store: Store<State, Action>,
    view: View,
    terminal: Terminal,
    options: RunOptions = RunOptions()
  ) where View.State == State, View.Action == Action {
    self.store = store
    self.renderScreen = { view.render($0) }
    self.mapInput = { view.action(for: $0, in: $1) }
    self.startAction = view.startAction
    self.terminal = terminal
    self.options = options
  }

  /// Runs until Ctrl-C or the end of input; returns the process exit status (see ``ExitStatus``).
  public func run() async -> Int32 {
    guard options.showsIssuesOnScreen else { return await runLoop() }
    let reporter = LoopIssueReporter { [weak self] message in
      Task { @MainActor in self?.show(issue: message) }
    }
    return await withIssueReporter(reporter) { await runLoop() }
  }

  private var isInteractive: Bool { display.isInteractive }

  private func runLoop() async -> Int32 {
    isRunning = true
    if isInteractive { enterFullScreen() }
    schedule.start(observing: store) { [unowned self] in self.render() }
    display.isHeld = !isInteractive
    if isInteractive {
      display.warning = options.notice
      display.attention = options.attention
    }
    render()
    if let startAction { work.send(startAction, to: store) }
    input.start(terminal.input)
    if !isInteractive {
      await settle()
      display.isHeld = false
      display.show()
    }
    var status = ExitStatus.success
    reading: while let item = await input.next() {
      switch item {
      case .interrupt:
        status = ExitStatus.interrupted
        break reading
      case .terminate:
        status = ExitStatus.terminated
        break reading
      case .hangUp:
        status = ExitStatus.hungUp
        break reading
      case .resize:
        display.invalidate()
        display.show()
      case .warning(let line):
        guard isInteractive else { continue }
        display.warning = line
        display.show()
      case .bytes(let bytes) where isInteractive:
        let recallsHistory = !viewUses(.key(.up)) && !viewUses(.key(.down))
        let outputs = editor.feed(
          bytes, recallsHistory: recallsHistory, actingKeys: display.screen.keysActingAlone)
        for output in outputs {
          switch output {
          case .key(let key):
            // What is typed after it is meant for the screen the key brings.
            drafts.lineSent()
            enqueue(.line(key), line: nil)
          case .edited:
            drafts.edited(
              isWorking: !pendingEvents.isEmpty || dispatcher != nil || display.screen.hasProgress)
            display.drawPrompt()
          case .suspend:
            suspend()
          case .event(.interrupt):
            status = ExitStatus.interrupted
            break reading
          case .event(.endOfInput):
            // What was typed before Ctrl-D is still handled, and its work settles.
            await dispatcher?.value
            await work.settle(ownEffectsOnly: true) { !self.isRunning }
            break reading
          case .event(.line(let text)):
            enqueue(.line(text), line: text)
          case .event(.command(let name, let argument)):
            enqueue(.command(name: name, argument: argument), line: editorLine(name, argument))
          case .event(let event):
            enqueue(event, line: nil)
          }
        }
      case .bytes(let bytes):
        for line in splitter.append(bytes) {
          await settle()
          if input.interruptRequested { break reading }
          handleLine(line)
        }
      }
    }
    if status == ExitStatus.success, input.interruptRequested { status = ExitStatus.interrupted }
    if status == ExitStatus.success, !isInteractive {
      if let last = splitter.finish() {
        await settle()
        handleLine(last)
      }
      await settle()
      display.show()
      if display.refused || display.screen.hasFocusedField { status = ExitStatus.refused }
    }
    input.stop()
    spinner?.cancel()
    dispatcher?.cancel()
    isRunning = false
    schedule.stop()
    work.cancelAll()
    if isInteractive {
      leaveFullScreen()
    } else if display.isEchoOff {
      terminal.setEcho(true)
    }
    return status
  }

  /// Plain mode: waits until every effect started by earlier input has settled.
  private func settle() async {
    await work.settle(ownEffectsOnly: false) { self.input.interruptRequested }
  }

  private func enterFullScreen() {
    terminal.enterInteractiveMode()
    // The alternate screen, bracketed paste so a paste is told apart from typing, and the
    // mouse wheel reported (as SGR codes) so it pages the log; the terminal's own selection
    // still works with Shift.
    terminal.write("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1006h\u{1B}[H\u{1B}[2J")
    display.invalidate()
  }

  private func leaveFullScreen() {
    terminal.write("\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[?1049l")
    terminal.restore()
  }

  /// Ctrl-Z: gives the shell its screen back, stops, and redraws once resumed.
  private func suspend() {
    leaveFullScreen()
    terminal.suspend()
    enterFullScreen()
    display.show()
  }

  /// The text of a submitted slash command, for history.
  private func editorLine(_ name: String, _ argument: String) -> String {
    argument.isEmpty ? "/\(name)" : "/\(name) \(argument)"
  }

  /// Queues input from the line editor; it is handled once the input before it has settled,
  /// so every line of a burst or a paste reaches the view, in order.
  private func enqueue(_ event: InputEvent, line: String?) {
    if line != nil { drafts.lineSent() }
    if dispatcher == nil, work.isSettledAfterInput() {
      dispatch(event, line: line)
      return
    }
    pendingEvents.append((event, line))
    guard dispatcher == nil else { return }
    dispatcher = Task { [weak self] in
      while let self, self.isRunning, !self.pendingEvents.isEmpty {
        await self.work.settle(ownEffectsOnly: true) { !self.isRunning }
        guard self.isRunning, !Task.isCancelled, !self.pendingEvents.isEmpty else { break }
        let (event, line) = self.pendingEvents.removeFirst()
        self.dispatch(event, line: line)
      }
      self?.dispatcher = nil
    }
  }

  private func viewUses(_ event: InputEvent) -> Bool {
    mapInput(event, store.withState { $0 }) != nil
  }

  private func dispatch(_ event: InputEvent, line: String?) {
    let viewUsesKey = viewUses(event)
    switch event {
    case .key(.pageUp), .key(.pageDown):
      // The log pages by what fits; at its end the view may read further (a room's older page).
      if !display.page(event == .key(.pageUp) ? .up : .down), viewUsesKey { handle(event) }
    case .key(.tab) where !viewUsesKey:
      completeSlashCommand()
    default:
      if let line, display.screen.prompt?.isSecure != true { editor.remember(line) }
      if line != nil { display.scrollToNewest() }
      handle(event)
      restoreKeptLine(after: event, line: line)
    }
  }

  /// Tab: completes the slash command being typed, or lists the commands that fit.
  private func completeSlashCommand() {
    let state = store.withState { $0 }
    let mapInput = self.mapInput
    let completion = SlashCompletion(screen: display.screen) { mapInput($0, state) != nil }
    guard let (line, choices) = completion.complete(editor.buffer) else { return }
    editor.restore(line)
    display.notice = choices.isEmpty ? nil : .notice("Commands: " + choices.joined(separator: "  "))
    display.show()
  }

  /// Puts a submitted line back into the editor when the screen refused and kept it (see
  /// ``InputPrompt/keptText``), unless more has been typed since.
  private func restoreKeptLine(after event: InputEvent, line: String?) {
    guard case .line(let text) = event, let line, editor.characters.isEmpty,
      let kept = display.screen.prompt?.keptText, kept == text
    else { return }
    editor.restore(line)
    display.drawPrompt()
  }

  private func handleLine(_ line: String) {
    let event = InputEvent(line: line)
    let isSecret = display.screen.prompt?.isSecure == true
    handle(event)
    // The terminal did not echo the line's end either.
    if isSecret, display.isEchoOff { terminal.write("\n") }
  }

  private func handle(_ event: InputEvent) {
    display.notice = nil
    display.help = []
    let state = store.withState { $0 }
    let action = mapInput(event, state)
    work.handleInput(action, store: store)
    if action == nil {
      if KeyMap.help.matches(event) {
        // Asked of every screen, so the loop answers it when the view does not.
        let mapInput = self.mapInput
        display.help = HelpPanel(isInteractive: isInteractive).components(for: display.screen) {
          mapInput($0, state) != nil
        }
      } else if options.reportsUnhandledInput, let description = Self.describeUnhandled(event) {
        display.notice = .notice(description)
        display.noteRefused()
      }
    }
    // Render the outcome now, so what the input changed shows before anything an effect sends.
    render()
  }

  private static func describeUnhandled(_ event: InputEvent) -> String? {
    switch event {
    case .line(let text) where !text.isEmpty:
      return "Nothing here answers to \"\(text)\"; /help lists what does."
    case .command(let name, _):
      return "Unknown command \"/\(name)\"; /help lists the commands here."
    default:
      return nil
    }
  }

  /// Renders the current state now.
  private func render() {
    guard isRunning else { return }
    let store = self.store
    let renderScreen = self.renderScreen
    display.screen = schedule.screen { renderScreen(store.withState { $0 }) }
    if let line = drafts.show(display.screen, typed: editor.buffer), line != editor.buffer {
      editor.restore(line)
    }
    work.changed()
    display.show()
    spinWhileInProgress()
  }

  private func show(issue message: String) {
    guard isRunning else { return }
    display.notice = .errorBanner(message)
    display.show()
  }

  /// Starts the spinner when the screen shows progress; it stops once the screen does not.
  private func spinWhileInProgress() {
    guard isInteractive, spinner == nil, display.screen.hasProgress else { return }
    spinner = Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(120))
        guard let self, self.isRunning, self.display.screen.hasProgress else { break }
        self.display.tick()
      }
      self?.spinner = nil
    }
  }
}
