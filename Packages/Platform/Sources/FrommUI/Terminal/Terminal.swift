/// The terminal a ``TerminalLoop`` talks to: where input comes from, where output goes, and
/// whether it is a real terminal.
///
/// Use ``standard()`` in an executable and ``inMemory(isTTY:size:environment:)`` in tests,
/// where the returned ``TerminalPipe`` types input and collects output.
public struct Terminal: Sendable {
  /// Something that arrived from the terminal.
  public enum Input: Sendable, Equatable {
    /// Bytes read from standard input, chunked however the reads returned them.
    case bytes([UInt8])
    /// Ctrl-C (SIGINT).
    case interrupt
    /// The window changed size.
    case resize
    /// SIGTERM: end like Ctrl-C, with the exit status of a terminated process.
    case terminate
    /// SIGHUP (the terminal went away, or `kill -HUP`): end like Ctrl-C, with the exit status
    /// of a hung-up process.
    case hangUp
    /// A line written to standard error while the full-screen UI owns the terminal (a
    /// library's warning); the loop shows it in a status line instead of over the screen.
    case warning(String)
  }

  /// Everything read; finishing the stream means end of input.
  public var input: AsyncStream<Input>
  /// Writes text to the output as is.
  public var write: @Sendable (String) -> Void
  /// Whether input and output are a terminal: interactive mode, redraws and (unless `NO_COLOR`)
  /// colors. When `false` the loop runs in plain mode.
  public var isTTY: Bool
  /// Whether a ``TerminalLoop`` runs full screen here: a terminal that can move its cursor (not
  /// `TERM=dumb`); plain mode otherwise.
  public var isFullScreen: Bool {
    isTTY && environment["TERM"] != "dumb"
  }
  /// The current size of the window.
  public var size: @Sendable () -> TerminalSize
  /// The environment, for `NO_COLOR` and `TERM`.
  public var environment: [String: String]
  /// Turns off the terminal's own echo and line editing, so the loop can redraw while the user
  /// types. Only called in interactive mode.
  public var enterInteractiveMode: @Sendable () -> Void
  /// Undoes ``enterInteractiveMode``; called when the loop ends.
  public var restore: @Sendable () -> Void
  /// Stops the process until the shell resumes it (Ctrl-Z); returns once resumed. The loop
  /// restores the terminal before and redraws after.
  public var suspend: @Sendable () -> Void
  /// Turns the terminal's echo of typed input on or off while the terminal edits lines itself
  /// (plain mode on a terminal), so a password is never shown; does nothing on a pipe.
  public var setEcho: @Sendable (Bool) -> Void

  /// Creates a terminal from its parts.
  public init(
    input: AsyncStream<Input>,
    write: @escaping @Sendable (String) -> Void,
    isTTY: Bool,
    size: @escaping @Sendable () -> TerminalSize = { TerminalSize(columns: 80, rows: 24) },
    environment: [String: String] = [:],
    enterInteractiveMode: @escaping @Sendable () -> Void = {},
    restore: @escaping @Sendable () -> Void = {},
    suspend: @escaping @Sendable () -> Void = {},
    setEcho: @escaping @Sendable (Bool) -> Void = { _ in }
  ) {
    self.input = input
    self.write = write
    self.isTTY = isTTY
    self.size = size
    self.environment = environment
    self.enterInteractiveMode = enterInteractiveMode
    self.restore = restore
    self.suspend = suspend
    self.setEcho = setEcho
  }
}

/// A window size in character cells.
public struct TerminalSize: Sendable, Equatable {
  /// Columns across.
  public var columns: Int
  /// Rows down.
  public var rows: Int

  /// Creates a size.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}

extension Terminal.Input {
  /// Ctrl-C, SIGTERM or SIGHUP: the loop ends as soon as it sees one, before input queued
  /// earlier.
  var endsTheLoop: Bool {
    self == .interrupt || self == .terminate || self == .hangUp
  }
}
