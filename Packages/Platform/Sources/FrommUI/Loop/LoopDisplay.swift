/// What a ``TerminalLoop`` writes to its terminal: in interactive mode the frame, redrawn in
/// place with the prompt line under it and the log paged where the user left it; in plain
/// mode only the lines that changed.
///
/// A frame identical to the one on screen is not written again, so a change that does not
/// show (or a spinner tick on a screen without progress) costs no output.
@MainActor
final class LoopDisplay {
  private let terminal: Terminal
  let isInteractive: Bool
  private let colors: Bool

  /// The view's screen, as last rendered.
  var screen = Screen([])
  /// A remark about the last input, shown under the screen until the next input.
  var notice: Component?
  /// What `/help` asked for, shown under the screen until the next input.
  var help: [Component] = []
  /// The last line a library wrote to standard error.
  var warning: String?
  /// Plain mode: nothing is printed yet, while the start action's work settles, so a script's
  /// transcript starts with the screen it will type into, not a passing one ("Restoring…").
  var isHeld = false
  /// Plain mode: whether the input asked for something that was refused.
  private(set) var refused = false
  private var transcript = PlainTranscript()
  private var shownErrors: [String] = []
  private(set) var isEchoOff = false
  /// How many messages of the screen's log the user has paged back from the newest.
  private var scrolledBack = 0
  private var log: FittedScreen.LogLayout?
  private var logTitle: Component?
  /// The log's newest message as last shown, to tell messages arriving from older ones read.
  private var logNewest: ListItem?
  /// The spinner's frame.
  private var frame = 0
  /// What the last interactive frame wrote, without its prompt.
  private var lastFrame: String?

  /// The app's name for the title, and whether to ring; `nil`: neither (``RunOptions/attention``).
  var attention: String?
  /// The unread count the title says; `nil` before a screen knew one.
  private var titledUnread: Int?

  /// The line being typed: the loop's line editor.
  private let typed: @MainActor () -> LineEditor

  init(terminal: Terminal, typed: @escaping @MainActor () -> LineEditor) {
    self.terminal = terminal
    self.typed = typed
    self.isInteractive = terminal.isFullScreen
    self.colors = ColorPolicy.allowsColor(environment: terminal.environment, isTTY: terminal.isTTY)
  }

  /// Notes that the input asked for something the screen refused (plain mode's exit status).
  func noteRefused() { refused = true }

  /// The next frame of the progress spinner.
  func tick() {
    frame += 1
    show()
  }

  /// Writes the screen, with what the loop adds under it, and the prompt line.
  func show() {
    var screen = screen
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
      output += "\u{1B}[J"
      if output == lastFrame {
        drawPrompt()
        return
      }
      lastFrame = output
      terminal.write(announcement(of: screen.unread) + output + promptOutput())
    } else {
      guard !isHeld else { return }
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

  /// The terminal title for a changed unread count, after the bell when it grew: news arrived
  /// in a room not on screen. The first count known is no news (the rooms as read at start).
  private func announcement(of unread: Int?) -> String {
    guard let app = attention, let unread, unread != titledUnread else { return "" }
    let bell = titledUnread.map { unread > $0 } ?? false ? "\u{07}" : ""
    titledUnread = unread
    let title = unread > 0 ? "\(app) — \(unread) unread" : app
    return bell + "\u{1B}]0;\(title)\u{07}"
  }

  /// The whole frame is written again by the next ``show()`` (after the terminal was given
  /// back to the shell, or resized).
  func invalidate() { lastFrame = nil }

  /// Redraws the bottom line only: what typing changes.
  func drawPrompt() {
    terminal.write("\r\u{1B}[K" + promptOutput())
  }

  enum PageDirection { case up, down }

  /// Pages the screen's log by what fits, less one message kept for context: up shows what is
  /// above, whichever end the newest messages are at. Returns `false`, changing nothing, when
  /// the log already shows that end (a view may then read further, as a room reads older pages).
  @discardableResult
  func page(_ direction: PageDirection) -> Bool {
    guard let log else { return false }
    let back = (direction == .up) != log.newestFirst
    guard back ? scrolledBack + log.visible < log.count : scrolledBack > 0 else { return false }
    let step = max(log.visible - 1, 1)
    scrolledBack = back ? min(scrolledBack + step, max(log.count - 1, 0)) : max(scrolledBack - step, 0)
    // One message back, the newest fits in the line its marker would take: PageDown reaches it.
    if !back, scrolledBack == 1 { scrolledBack = 0 }
    show()
    return true
  }

  /// Shows the newest messages again (after the user sent something).
  func scrollToNewest() { scrolledBack = 0 }

  /// Keeps a paged-back log where the user left it while messages arrive, and forgets the
  /// paging when another screen is shown.
  private func followLog(of screen: Screen) {
    let title = screen.components.first
    let items = screen.components.lazy.compactMap { component -> (items: [ListItem], newestFirst: Bool)? in
      if case .log(let items, let newestFirst) = component.kind { (items, newestFirst) } else { nil }
    }.first
    let newest = items.flatMap { $0.newestFirst ? $0.items.first : $0.items.last }
    if items == nil || title != logTitle {
      scrolledBack = 0
    } else if let count = items?.items.count, let old = log?.count, count > old, scrolledBack > 0,
      newest != logNewest
    {
      // Newer messages arrived below; older ones read from the server land above and move nothing.
      scrolledBack += count - old
    }
    logTitle = title
    logNewest = newest
  }

  /// Plain mode: an error that appears on screen means something the input asked for was refused.
  private func noteErrors(on screen: Screen) {
    let errors = screen.components.compactMap { component -> String? in
      if case .banner(let message, .error) = component.kind { message } else { nil }
    }
    if errors.contains(where: { !shownErrors.contains($0) }) { refused = true }
    shownErrors = errors
  }

  /// The prompt, the visible part of the typed line, and the cursor moved to where it stands.
  private func promptOutput() -> String {
    let prompt = screen.prompt
    let editor = typed()
    let line = PromptLine(
      label: prompt?.label ?? "", characters: editor.characters, cursor: editor.cursor,
      isSecure: prompt?.isSecure == true, width: terminal.size().columns,
      characterLimit: prompt?.isSecure == true ? nil : prompt?.characterLimit)
    let endColumn = TextWidth.columns(line.label) + TextWidth.columns(line.shown)
    let back = endColumn - line.cursorColumn
    let label = colors ? TextStyle.bold.apply(to: line.label) : line.label
    return label + line.shown + (back > 0 ? "\u{1B}[\(back)D" : "")
  }
}
