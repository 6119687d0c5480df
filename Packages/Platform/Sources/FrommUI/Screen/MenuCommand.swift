import CommonKit

/// A command the user can run by typing its shortcut.
///
/// ```swift
/// let quit = MenuCommand("q", "Quit")
/// quit.matches(.line("q"))            // true
/// quit.matches(.command(name: "q"))   // true: "/q"
/// ```
public struct MenuCommand: Sendable, Equatable {
  /// What the user types: a letter, a word or a symbol such as `+`.
  public var shortcut: String
  /// What the command does, shown next to the shortcut.
  public var title: String

  /// Creates a command.
  public init(_ shortcut: String, _ title: String) {
    self.shortcut = shortcut
    self.title = title
  }

  /// Whether `input` runs this command: the shortcut typed alone on a line, or as `/shortcut`.
  /// Letters match without regard to case.
  public func matches(_ input: InputEvent) -> Bool {
    switch input {
    case .line(let text):
      return text.trimmingWhitespace().lowercased() == shortcut.lowercased()
    case .command(let name, let argument):
      return argument.isEmpty && name == shortcut.lowercased()
    default:
      return false
    }
  }
}

extension [MenuCommand] {
  /// The first command that `input` runs, if any.
  public func command(for input: InputEvent) -> MenuCommand? {
    first { $0.matches(input) }
  }
}
