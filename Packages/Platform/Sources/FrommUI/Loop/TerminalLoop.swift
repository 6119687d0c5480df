import ComposableArchitecture
import Observation

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
/// the line being typed stays at the bottom while updates arrive, Ctrl-C or Ctrl-D on an empty
/// line exits. Otherwise (plain mode) every changed screen is printed once, without escape
/// codes, followed by an empty line; input is read line by line, each line waiting for the
/// previous one's work to settle (see ``RunOptions``), and the loop exits at end of input once
/// work has settled. Either way the effects started by input are cancelled on exit and the exit
/// status is 0. Runtime issues are shown as an error banner (see
/// ``RunOptions/showsIssuesOnScreen``).
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
  private var lastPrinted: [String]?
  private var editor = LineEditor()
  private var splitter = LineSplitter()
  private var inFlight: [Int: StoreTask] = [:]
  private var nextTaskID = 0
  private var lastChange = ContinuousClock.now
  private var frame = 0
  private var observationGeneration = 0
  private var queue: [Terminal.Input] = []
  private var inputEnded = false
  private var interruptRequested = false
  private var waiting: CheckedContinuation<Void, Never>?

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
    self.isInteractive = terminal.isTTY
    self.colors = ColorPolicy.allowsColor(environment: terminal.environment, isTTY: terminal.isTTY)
  }

  /// Runs until Ctrl-C or the end of input; returns the process exit status (0).
  public func run() async -> Int32 {
    guard options.showsIssuesOnScreen else { return await runLoop() }
    let reporter = LoopIssueReporter { [weak self] message in
      Task { @MainActor in self?.show(issue: message) }
    }
    return await withIssueReporter(reporter) { await runLoop() }
  }

  private func runLoop() async -> Int32 {
    isRunning = true
    if isInteractive {
      terminal.enterInteractiveMode()
      terminal.write("\u{1B}[?1049h\u{1B}[H\u{1B}[2J")
    }
    observe()
    if let startAction { send(startAction) }
    let spinner = isInteractive ? startSpinner() : nil
    let reader = startReading()
    var interrupted = false
    reading: while let input = await nextInput() {
      switch input {
      case .interrupt:
        interrupted = true
        break reading
      case .resize:
        display()
      case .bytes(let bytes):
        if isInteractive {
          for output in editor.feed(bytes) {
            switch output {
            case .edited(let typed):
              terminal.write("\r\u{1B}[K" + promptLine(typed: typed))
            case .event(.interrupt):
              interrupted = true
              break reading
            case .event(.endOfInput):
              break reading
            case .event(let event):
              handle(event)
            }
          }
        } else {
          for line in splitter.append(bytes) {
            await settle()
            if interruptRequested { break reading }
            handle(InputEvent(line: line))
          }
        }
      }
    }
    interrupted = interrupted || interruptRequested
    if !interrupted, !isInteractive {
      if let last = splitter.finish() {
        await settle()
        handle(InputEvent(line: last))
      }
      await settle()
      display()
    }
    reader.cancel()
    spinner?.cancel()
    isRunning = false
    for task in inFlight.values { task.cancel() }
    inFlight.removeAll()
    if isInteractive {
      terminal.write("\u{1B}[?1049l")
      terminal.restore()
    }
    return 0
  }

  /// Moves input from the terminal into a queue as it arrives, so an interrupt is seen at once
  /// even while plain mode is waiting for work to settle.
  private func startReading() -> Task<Void, Never> {
    let input = terminal.input
    return Task { [weak self] in
      for await item in input {
        guard let self else { return }
        if item == .interrupt { self.interruptRequested = true }
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
    return queue.removeFirst()
  }

  private func wakeReader() {
    waiting?.resume()
    waiting = nil
  }

  private func handle(_ event: InputEvent) {
    notice = nil
    let state = store.withState { $0 }
    if let action = mapInput(event, state) {
      send(action)
    } else if options.reportsUnhandledInput, let description = Self.describeUnhandled(event) {
      notice = .notice(description)
    }
    // Render the outcome now, so what the input changed shows before anything an effect sends.
    observe()
  }

  private func send(_ action: Action) {
    lastChange = .now
    let task = store.send(action)
    guard !task.isCancelled else { return }
    let id = nextTaskID
    nextTaskID += 1
    inFlight[id] = task
    Task {
      await task.finish()
      self.inFlight[id] = nil
      self.lastChange = .now
    }
  }

  private static func describeUnhandled(_ event: InputEvent) -> String? {
    switch event {
    case .line(let text) where !text.isEmpty:
      return "Nothing here answers to \"\(text)\"; see the commands listed above."
    case .command(let name, _):
      return "Unknown command \"/\(name)\"; see the commands listed above."
    default:
      return nil
    }
  }

  /// Renders the current state and re-renders after the next change. Changes in one main-actor
  /// turn coalesce into one render. Each call supersedes the observations armed before it, so
  /// rendering right after handling input never leaves two observations re-arming each other.
  private func observe() {
    guard isRunning else { return }
    observationGeneration += 1
    let generation = observationGeneration
    currentScreen = withObservationTracking {
      renderScreen(store.state)
    } onChange: { [weak self] in
      Task { @MainActor in
        guard let self, generation == self.observationGeneration else { return }
        self.lastChange = .now
        self.observe()
      }
    }
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
    if let notice { screen.components.append(notice) }
    let size = terminal.size()
    if isInteractive {
      let renderer = ScreenRenderer(width: size.columns, colors: colors, animates: true, frame: frame)
      let lines = renderer.render(screen).suffix(max(size.rows - 1, 1))
      var output = "\u{1B}[H"
      for line in lines { output += line + "\u{1B}[K\r\n" }
      output += "\u{1B}[J" + promptLine()
      terminal.write(output)
    } else {
      let lines = ScreenRenderer(width: size.columns, colors: false).render(screen)
      guard lines != lastPrinted else { return }
      lastPrinted = lines
      terminal.write(lines.joined(separator: "\n") + "\n\n")
    }
  }

  /// The bottom line of interactive mode: the prompt and what has been typed, its tail shown
  /// when it is wider than the window.
  private func promptLine(typed: String? = nil) -> String {
    let prompt = currentScreen.prompt
    let label = (prompt?.label ?? "") + "> "
    let text = typed ?? editor.buffer
    let typed = prompt?.isSecure == true ? String(repeating: "*", count: text.count) : text
    let room = max(terminal.size().columns - TextWidth.columns(label) - 1, 1)
    var shown = Substring(typed)
    while TextWidth.columns(shown) > room { shown = shown.dropFirst() }
    return TextStyle.bold.apply(to: label, if: colors) + shown
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
}

extension TextStyle {
  fileprivate func apply(to text: String, if enabled: Bool) -> String {
    enabled ? apply(to: text) : text
  }
}
