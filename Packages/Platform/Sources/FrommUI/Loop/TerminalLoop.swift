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
/// taller than the window keeps its top and bottom and shortens its
/// ``Component/log(_:newestFirst:)``, which PageUp/PageDown page through. Every line typed or
/// pasted in a burst is handled in order, each after the previous one's work has settled.
///
/// Otherwise (plain mode, also on a terminal with `TERM=dumb`) the first screen is printed
/// whole and then only the lines that changed, without escape codes; input is read line by
/// line, each line waiting for the previous one's work to settle (see ``RunOptions``), a
/// password typed on a terminal is not echoed, and the loop exits at end of input once work
/// has settled.
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
  private let isInteractive: Bool
  private let colors: Bool

  private var isRunning = false
  private var currentScreen = Screen([])
  private var notice: Component?
  /// What `/help` asked for, shown under the screen until the next input.
  private var help: [Component] = []
  private var warning: String?
  private var transcript = PlainTranscript()
  private var editor = LineEditor()
  private var splitter = LineSplitter()
  private var inFlight: [Int: StoreTask] = [:]
  private var nextTaskID = 0
  private var lastInputTaskID: Int?
  private var lastChange = ContinuousClock.now
  private var frame = 0
  /// Keeps the observation of the store's state running while the loop runs.
  private var observation: ObserveToken?
  /// A render is scheduled for the main actor's next turn.
  private var isRenderScheduled = false
  private var queue: [Terminal.Input] = []
  private var inputEnded = false
  private var interruptRequested = false
  private var waiting: CheckedContinuation<Void, Never>?
  /// Input from the line editor waiting for the work of the input before it to settle.
  private var pendingEvents: [(event: InputEvent, line: String?)] = []
  private var dispatcher: Task<Void, Never>?
  /// How many messages of the screen's log the user has paged back from the newest.
  private var scrolledBack = 0
  private var log: FittedScreen.LogLayout?
  private var logTitle: Component?
  /// Plain mode: whether the input asked for something that was refused.
  private var refused = false
  private var shownErrors: [String] = []
  private var isEchoOff = false

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
    // A dumb terminal cannot move its cursor: it gets plain mode.
    self.isInteractive = terminal.isTTY && terminal.environment["TERM"] != "dumb"
    self.colors = ColorPolicy.allowsColor(environment: terminal.environment, isTTY: terminal.isTTY)
  }

  /// Runs until Ctrl-C or the end of input; returns the process exit status (see ``ExitStatus``).
  public func run() async -> Int32 {
    guard options.showsIssuesOnScreen else { return await runLoop() }
    let reporter = LoopIssueReporter { [weak self] message in
      Task { @MainActor in self?.show(issue: message) }
    }
    return await withIssueReporter(reporter) { await runLoop() }
  }

  private func runLoop() async -> Int32 {
    isRunning = true
    if isInteractive { enterFullScreen() }
    startObserving()
    if let startAction { send(startAction) }
    let spinner = isInteractive ? startSpinner() : nil
    let reader = startReading()
    var status = ExitStatus.success
    reading: while let input = await nextInput() {
      switch input {
      case .interrupt:
        status = ExitStatus.interrupted
        break reading
      case .terminate:
        status = ExitStatus.terminated
        break reading
      case .resize:
        display()
      case .warning(let line):
        guard isInteractive else { continue }
        warning = line
        display()
      case .bytes(let bytes) where isInteractive:
        let recallsHistory = !viewUses(.key(.up)) && !viewUses(.key(.down))
        for output in editor.feed(bytes, recallsHistory: recallsHistory) {
          switch output {
          case .edited:
            drawPrompt()
          case .suspend:
            suspend()
          case .event(.interrupt):
            status = ExitStatus.interrupted
            break reading
          case .event(.endOfInput):
            // What was typed before Ctrl-D is still handled, and its work settles.
            await dispatcher?.value
            await settleAfterInput()
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
          if interruptRequested { break reading }
          handleLine(line)
        }
      }
    }
    if status == ExitStatus.success, interruptRequested { status = ExitStatus.interrupted }
    if status == ExitStatus.success, !isInteractive {
      if let last = splitter.finish() {
        await settle()
        handleLine(last)
      }
      await settle()
      display()
      if refused || currentScreen.hasFocusedField { status = ExitStatus.refused }
    }
    reader.cancel()
    spinner?.cancel()
    dispatcher?.cancel()
    isRunning = false
    observation?.cancel()
    observation = nil
    for task in inFlight.values { task.cancel() }
    inFlight.removeAll()
    if isInteractive {
      leaveFullScreen()
    } else if isEchoOff {
      terminal.setEcho(true)
    }
    return status
  }

  private func enterFullScreen() {
    terminal.enterInteractiveMode()
    // The alternate screen, and bracketed paste so a paste is told apart from typing.
    terminal.write("\u{1B}[?1049h\u{1B}[?2004h\u{1B}[H\u{1B}[2J")
  }

  private func leaveFullScreen() {
    terminal.write("\u{1B}[?2004l\u{1B}[?1049l")
    terminal.restore()
  }

  /// Ctrl-Z: gives the shell its screen back, stops, and redraws once resumed.
  private func suspend() {
    leaveFullScreen()
    terminal.suspend()
    enterFullScreen()
    display()
  }

  /// The text of a submitted slash command, for history.
  private func editorLine(_ name: String, _ argument: String) -> String {
    argument.isEmpty ? "/\(name)" : "/\(name) \(argument)"
  }

  /// Moves input from the terminal into a queue as it arrives, so an interrupt is seen at once
  /// even while plain mode is waiting for work to settle.
  private func startReading() -> Task<Void, Never> {
    let input = terminal.input
    return Task { [weak self] in
      for await item in input {
        guard let self else { return }
        if item == .interrupt || item == .terminate { self.interruptRequested = true }
        self.queue.append(item)
        self.wakeReader()
      }
      self?.inputEnded = true
      self?.wakeReader()
    }
  }

  /// The next input, or `nil` once input has ended and everything read was handled.
  private func nextInput() async -> Terminal.Input? {
    while queue.isEmpty {
      if inputEnded || Task.isCancelled { return nil }
      await withTaskCancellationHandler {
        await withCheckedContinuation { waiting = $0 }
      } onCancel: {
        Task { @MainActor [weak self] in self?.wakeReader() }
      }
    }
    // An interrupt wins over input queued before it.
    if interruptRequested, let signal = queue.first(where: { $0 == .interrupt || $0 == .terminate }) {
      queue.removeAll()
      return signal
    }
    return queue.removeFirst()
  }

  private func wakeReader() {
    waiting?.resume()
    waiting = nil
  }

  /// Queues input from the line editor; it is handled once the input before it has settled,
  /// so every line of a burst or a paste reaches the view, in order.
  private func enqueue(_ event: InputEvent, line: String?) {
    if dispatcher == nil, isSettledAfterInput() {
      dispatch(event, line: line)
      return
    }
    pendingEvents.append((event, line))
    guard dispatcher == nil else { return }
    dispatcher = Task { [weak self] in
      while let self, self.isRunning, !self.pendingEvents.isEmpty {
        await self.settleAfterInput()
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
    case .key(.pageUp) where !viewUsesKey, .key(.pageDown) where !viewUsesKey:
      page(event == .key(.pageUp) ? .up : .down)
    default:
      if let line, currentScreen.prompt?.isSecure != true { editor.remember(line) }
      if line != nil { scrolledBack = 0 }
      handle(event)
      restoreKeptLine(after: event, line: line)
    }
  }

  /// Puts a submitted line back into the editor when the screen refused and kept it (see
  /// ``InputPrompt/keptText``), unless more has been typed since.
  private func restoreKeptLine(after event: InputEvent, line: String?) {
    guard case .line(let text) = event, let line, editor.characters.isEmpty,
      let kept = currentScreen.prompt?.keptText, kept == text
    else { return }
    editor.restore(line)
    drawPrompt()
  }

  private enum PageDirection { case up, down }

  /// Pages the screen's log: up shows what is above, whichever end the newest messages are at.
  private func page(_ direction: PageDirection) {
    guard let log, log.visible < log.count || scrolledBack > 0 else { return }
    let step = max(log.visible - 1, 1)
    let back = (direction == .up) != log.newestFirst
    scrolledBack = back ? min(scrolledBack + step, max(log.count - 1, 0)) : max(scrolledBack - step, 0)
    display()
  }

  private func handleLine(_ line: String) {
    let event = InputEvent(line: line)
    let isSecret = currentScreen.prompt?.isSecure == true
    handle(event)
    // The terminal did not echo the line's end either.
    if isSecret, isEchoOff { terminal.write("\n") }
  }

  private func handle(_ event: InputEvent) {
    notice = nil
    help = []
    let state = store.withState { $0 }
    if let action = mapInput(event, state) {
      lastInputTaskID = send(action)
    } else if KeyMap.help.matches(event) {
      // Asked of every screen, so the loop answers it when the view does not.
      lastInputTaskID = nil
      help = HelpPanel(isInteractive: isInteractive).components(for: currentScreen)
    } else {
      lastInputTaskID = nil
      if options.reportsUnhandledInput, let description = Self.describeUnhandled(event) {
        notice = .notice(description)
        refused = true
      }
    }
    // Render the outcome now, so what the input changed shows before anything an effect sends.
    render()
  }

  @discardableResult
  private func send(_ action: Action) -> Int? {
    lastChange = .now
    let task = store.send(action)
    guard !task.isCancelled else { return nil }
    let id = nextTaskID
    nextTaskID += 1
    inFlight[id] = task
    Task {
      await task.finish()
      self.inFlight[id] = nil
      self.lastChange = .now
    }
    return id
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

  /// Renders the current state, and schedules a render after every send that changes it.
  ///
  /// The store's `observe` stays armed for the whole run: a send that changes nothing the screen
  /// shows costs one comparison, and nothing is re-armed after a change. The changes of one
  /// main-actor turn coalesce into one render.
  private func startObserving() {
    observation = store.observe { [weak self] in
      guard let self else { return }
      // Read so that the observation is told when the state changes; rendered on the next turn.
      _ = self.store.state
      self.scheduleRender()
    }
    render()
  }

  private func scheduleRender() {
    lastChange = .now
    guard !isRenderScheduled else { return }
    isRenderScheduled = true
    Task { @MainActor [weak self] in
      // A render since (after input) already showed the change.
      guard let self, self.isRenderScheduled else { return }
      self.render()
    }
  }

  /// Renders the current state now.
  private func render() {
    guard isRunning else { return }
    isRenderScheduled = false
    currentScreen = renderScreen(store.withState { $0 })
    display()
  }

  private func show(issue message: String) {
    guard isRunning else { return }
    notice = .errorBanner(message)
    display()
  }

  private func display() {
    guard isRunning else { return }
    var screen = currentScreen
    screen.components.append(contentsOf: help)
    if let notice { screen.components.append(notice) }
    if isInteractive, let warning { screen.components.append(.notice(warning)) }
    let size = terminal.size()
    if isInteractive {
      followLog(of: screen)
      let renderer = ScreenRenderer(width: size.columns, colors: colors, animates: true, frame: frame)
      let fitted = renderer.render(screen, height: max(size.rows - 1, 1), scrolledBack: scrolledBack)
      log = fitted.log
      var output = "\u{1B}[H"
      for line in fitted.lines { output += line + "\u{1B}[K\r\n" }
      output += "\u{1B}[J" + promptOutput()
      terminal.write(output)
    } else {
      noteErrors(on: screen)
      // Echo goes off before the password prompt shows, so nothing typed after it is echoed.
      let isSecret = screen.prompt?.isSecure == true
      if isSecret != isEchoOff {
        isEchoOff = isSecret
        terminal.setEcho(!isSecret)
      }
      let lines = ScreenRenderer(width: size.columns, colors: false).render(screen)
      if let text = transcript.update(lines) { terminal.write(text) }
    }
  }

  /// Keeps a paged-back log where the user left it while messages arrive, and forgets the
  /// paging when another screen is shown.
  private func followLog(of screen: Screen) {
    let title = screen.components.first
    let count = screen.components.lazy.compactMap { component -> Int? in
      if case .log(let items, _) = component.kind { items.count } else { nil }
    }.first
    if count == nil || title != logTitle {
      scrolledBack = 0
    } else if let count, let old = log?.count, count > old, scrolledBack > 0 {
      scrolledBack += count - old
    }
    logTitle = title
  }

  /// Plain mode: an error that appears on screen means something the input asked for was refused.
  private func noteErrors(on screen: Screen) {
    let errors = screen.components.compactMap { component -> String? in
      if case .banner(let message, .error) = component.kind { message } else { nil }
    }
    if errors.contains(where: { !shownErrors.contains($0) }) { refused = true }
    shownErrors = errors
  }

  /// Redraws the bottom line only: what typing changes.
  private func drawPrompt() {
    terminal.write("\r\u{1B}[K" + promptOutput())
  }

  /// The prompt, the visible part of the typed line, and the cursor moved to where it stands.
  private func promptOutput() -> String {
    let prompt = currentScreen.prompt
    let line = PromptLine(
      label: prompt?.label ?? "", characters: editor.characters, cursor: editor.cursor,
      isSecure: prompt?.isSecure == true, width: terminal.size().columns,
      characterLimit: prompt?.isSecure == true ? nil : prompt?.characterLimit)
    let endColumn = TextWidth.columns(line.label) + TextWidth.columns(line.shown)
    let back = endColumn - line.cursorColumn
    return TextStyle.bold.apply(to: line.label, if: colors) + line.shown + (back > 0 ? "\u{1B}[\(back)D" : "")
  }

  private func startSpinner() -> Task<Void, Never> {
    Task { [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(120))
        guard let self, self.currentScreen.hasProgress else { continue }
        self.frame += 1
        self.display()
      }
    }
  }

  /// Waits until the work started by earlier input has settled (see ``RunOptions``).
  private func settle() async {
    let clock = ContinuousClock()
    let start = clock.now
    while clock.now - start < options.maximumWait, !interruptRequested, !Task.isCancelled {
      let quiet = clock.now - lastChange
      let busy = currentScreen.hasProgress
      if !busy && inFlight.isEmpty && quiet >= options.quietPeriod { return }
      if !busy && quiet >= options.idleTimeout { return }
      try? await clock.sleep(for: .milliseconds(2))
    }
  }

  /// Waits until the work of the last input handled has settled: its own effects finished
  /// (effects started earlier, like a subscription, do not hold the next line back), no
  /// progress shown and the state quiet, or nothing changed for ``RunOptions/idleTimeout``.
  private func settleAfterInput() async {
    let clock = ContinuousClock()
    let start = clock.now
    while clock.now - start < options.maximumWait, isRunning, !Task.isCancelled, !isSettledAfterInput() {
      try? await clock.sleep(for: .milliseconds(2))
    }
  }

  private func isSettledAfterInput() -> Bool {
    let quiet = ContinuousClock.now - lastChange
    let busy = currentScreen.hasProgress
    let finished = lastInputTaskID.map { inFlight[$0] == nil } ?? true
    return !busy && (finished && quiet >= options.quietPeriod || quiet >= options.idleTimeout)
  }
}

extension TextStyle {
  fileprivate func apply(to text: String, if enabled: Bool) -> String {
    enabled ? apply(to: text) : text
  }
}
