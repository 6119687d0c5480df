import CommonKit

/// Something the user did at the terminal, as a view sees it.
///
/// In plain mode every line read is a ``line(_:)`` or, when it starts with `/`, a
/// ``command(name:argument:)``; on a terminal Up, Down, Tab, Escape, PageUp and PageDown
/// arrive as ``key(_:)`` too (Left and Right only on an empty line: otherwise they move the
/// cursor). A submitted line may hold line breaks (Alt-Enter, or Enter after a trailing `\`).
/// The run loop handles ``endOfInput`` and ``interrupt`` itself (it exits), so a view's
/// ``TerminalView/action(for:in:)`` only sees them if it is called directly.
public enum InputEvent: Sendable, Equatable {
  /// A line the user submitted, without its newline.
  case line(String)
  /// A slash command: `/send 안녕하세요` is `command(name: "send", argument: "안녕하세요")`.
  /// Names are lowercased; `//text` is the plain line `/text`.
  case command(name: String, argument: String = "")
  /// A key pressed on a terminal.
  case key(Key)
  /// Input ended (Ctrl-D on a terminal, end of a pipe).
  case endOfInput
  /// The user pressed Ctrl-C.
  case interrupt

  /// A key that means something on its own, outside a line.
  public enum Key: Sendable, Equatable {
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow, on an empty line.
    case left
    /// The right arrow, on an empty line.
    case right
    /// Tab.
    case tab
    /// Escape, alone.
    case escape
    /// Page Up: the loop scrolls a screen's ``Component/log(_:newestFirst:)`` back when the
    /// view has no use for it.
    case pageUp
    /// Page Down: scrolls the log forward again.
    case pageDown
  }

  /// The event for one submitted line of text.
  ///
  /// ```swift
  /// InputEvent(line: "/join 7")  // .command(name: "join", argument: "7")
  /// InputEvent(line: "hello")    // .line("hello")
  /// ```
  public init(line: String) {
    guard line.hasPrefix("/"), line.count > 1 else {
      self = .line(line)
      return
    }
    let body = line.dropFirst()
    if body.hasPrefix("/") {
      self = .line(String(body))
      return
    }
    let name = body.prefix { !$0.isWhitespace }
    guard !name.isEmpty else {
      self = .line(line)
      return
    }
    let argument = String(body[name.endIndex...]).trimmingWhitespace()
    self = .command(name: name.lowercased(), argument: argument)
  }

  /// The text of a ``line(_:)``, or `nil` for any other event.
  public var text: String? {
    if case .line(let text) = self { return text }
    return nil
  }

  /// The number typed on a line, such as `2` for picking the second row of a list.
  public var number: Int? {
    guard case .line(let text) = self else { return nil }
    return Int(text.trimmingWhitespace())
  }
}
