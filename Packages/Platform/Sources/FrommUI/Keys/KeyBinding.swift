import CommonKit

/// One entry of the key map (``KeyMap``): a slash command that works on every screen that offers
/// it, and the one-key shortcut that works where a typed line is not free text.
///
/// A screen where any line is text (a reply, a username) offers the command only: there `r` is
/// a reply, `/reload` reloads. Elsewhere the key alone on a line does the same.
///
/// ```swift
/// if KeyMap.reload.matches(input, keys: !state.isEditing) { return .view(.reloadTapped) }
/// Component.menu([KeyMap.reload.menuCommand(keys: true)])   // [r] Reload
/// ```
public struct KeyBinding: Sendable, Equatable {
  /// The command typed after `/`, without it: `reload`.
  public let command: String
  /// Other names the command answers to (`subscribe` for `sub`).
  public let aliases: [String]
  /// The key typed alone on a line where lines are not text, if the command has one: `r`.
  public let key: String?
  /// Whether Escape does it too.
  public let escape: Bool
  /// What the command takes after it, for the menu and /help (`N` in `/sub N`); `nil` for none.
  public let argument: String?
  /// What it does, as the menu and /help say it.
  public let title: String

  /// A binding of `/command` (and `key`, Escape) to what `title` says.
  public init(
    command: String, aliases: [String] = [], key: String? = nil, escape: Bool = false,
    argument: String? = nil,
    title: String
  ) {
    self.command = command
    self.aliases = aliases
    self.key = key
    self.escape = escape
    self.argument = argument
    self.title = title
  }

  /// How a user types it: `/reload`, `/sub N`.
  public var typed: String {
    argument.map { "/\(command) \($0)" } ?? "/\(command)"
  }

  /// Whether `input` runs this command without an argument: `/command` (or an alias, or
  /// `/key`), Escape when it has it, and, when `keys` is true, the key alone on a line. Letters
  /// match without regard to case.
  public func matches(_ input: InputEvent, keys: Bool = true) -> Bool {
    switch input {
    case .command(let name, let argument):
      return argument.isEmpty && answers(to: name)
    case .line(let text):
      guard keys, let key else { return false }
      return text.trimmingWhitespace().lowercased() == key.lowercased()
    case .key(.escape):
      return escape
    default:
      return false
    }
  }

  /// The argument of `input` when it is this command with one (`/sub 2` gives `2`), else `nil`.
  public func argument(of input: InputEvent) -> String? {
    guard case .command(let name, let argument) = input, answers(to: name) else { return nil }
    return argument
  }

  /// The menu entry: `[r] Reload` where keys work, `[/reload] Reload` elsewhere; `title`
  /// replaces the map's title where the screen says it better (`Leave the room`).
  public func menuCommand(keys: Bool = true, title: String? = nil) -> MenuCommand {
    let shortcut = keys ? (key ?? typed) : typed
    return MenuCommand(shortcut, title ?? self.title)
  }

  /// A sentence saying how to do `purpose` with this command: `Type r to try again.` where keys
  /// work, `Type /reload to try again.` elsewhere.
  public func hint(_ purpose: String, keys: Bool = true) -> String {
    "Type \(keys ? (key ?? typed) : typed) to \(purpose)."
  }

  private func answers(to name: String) -> Bool {
    let name = name.lowercased()
    return name == command || aliases.contains(name) || (key.map { name == $0.lowercased() } ?? false)
  }
}
