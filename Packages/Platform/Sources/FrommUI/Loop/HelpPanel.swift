/// What `/help` shows under the screen in front: every command its menus offer, each with the
/// other way to type it from ``KeyMap`` (`r, /reload`); every other ``KeyMap`` entry, key and
/// line the view answers to; then what the loop and the line editor do everywhere.
///
/// It asks the view itself, through `handles`, what it answers to (an action for `/sub 1`, for
/// Escape, for a number), so the list cannot leave out what the screen handles, nor list what
/// it does not.
struct HelpPanel {
  /// Whether the loop runs full screen (where the line editor's keys, Ctrl-C and PageUp/PageDown
  /// work).
  var isInteractive: Bool

  /// The panel's lines for `screen`, whose view answers `input` when `handles(input)`.
  func components(for screen: Screen, handles: (InputEvent) -> Bool = { _ in false }) -> [Component] {
    Self.table(rows(for: screen, handles: handles))
  }

  /// Each row: how to type it, and what it does.
  func rows(for screen: Screen, handles: (InputEvent) -> Bool) -> [(keys: String, title: String)] {
    var rows: [(keys: String, title: String)] = []
    /// The row of each key map command listed so far.
    var rowOf: [String: Int] = [:]
    for component in screen.components {
      guard case .menu(let commands, _) = component.kind else { continue }
      for command in commands where !rows.contains(where: { $0.title == command.title }) {
        if let binding = Self.binding(of: command) { rowOf[binding.command] = rows.count }
        rows.append((Self.keys(of: command), command.title))
      }
    }
    for binding in KeyMap.all where binding != KeyMap.help && rowOf[binding.command] == nil {
      let example = binding.argument == nil ? "" : "1"
      guard handles(.command(name: binding.command, argument: example)) else { continue }
      var keys = binding.typed
      if let key = binding.key, handles(.line(key)) { keys = "\(key), \(keys)" }
      rowOf[binding.command] = rows.count
      rows.append((keys, binding.title))
    }
    if handles(.line("1")), !handles(.line("a line that is not a number")) {
      rows.append(("1, 2, …", "Pick by number"))
    }
    if handles(.key(.escape)) {
      // On the row of the command Escape does, when it is listed.
      let binding = KeyMap.all.first { $0.escape && handles(.command(name: $0.command)) }
      if let row = binding.flatMap({ rowOf[$0.command] }) {
        rows[row].keys += ", Escape"
      } else {
        rows.append(("Escape", binding?.title ?? "Back"))
      }
    }
    // A screen where every line is text (a reply) takes `?` as text: there only `/help` helps.
    rows.append(
      (handles(.line(KeyMap.help.key ?? "?")) ? KeyMap.help.typed : "\(KeyMap.help.typed), ?", "This list"))
    if handles(.line("/text")) { rows.append(("//text", "Send a line that starts with /")) }
    guard isInteractive else { return rows }
    if handles(.key(.up)) || handles(.key(.down)) {
      rows.append(("Up, Down", "Move through the list"))
    } else {
      rows.append(("Up, Down", "Lines typed before"))
    }
    if !handles(.key(.tab)) { rows.append(("Tab", "Complete a /command")) }
    if screen.prompt != nil { rows.append(("Alt-Enter, \\ Enter", "A new line in the same message")) }
    let hasLog = screen.components.contains { if case .log = $0.kind { true } else { false } }
    // The loop pages a log by what fits, whether or not the view reads further at its top.
    if hasLog { rows.append(("PageUp, PageDown", "Older and newer messages")) }
    rows.append(("Ctrl-D", "Quit, on an empty line"))
    rows.append(("Ctrl-C", "Quit"))
    return rows
  }

  private static func table(_ rows: [(keys: String, title: String)]) -> [Component] {
    let width = rows.map { TextWidth.columns($0.keys) }.max() ?? 0
    return [Component.divider, Component.text("Keys and commands here:", style: .bold)]
      + rows.map { row in
        let padding = String(repeating: " ", count: width - TextWidth.columns(row.keys))
        return Component.text("  \(row.keys)\(padding)  \(row.title)")
      }
  }

  /// The key map's entry a menu command stands for: its key, or its command.
  private static func binding(of command: MenuCommand) -> KeyBinding? {
    KeyMap.all.first { $0.key == command.shortcut || $0.typed == command.shortcut }
  }

  /// `r, /reload` for a key the key map also has as a command; the shortcut alone otherwise.
  static func keys(of command: MenuCommand) -> String {
    let shortcut = command.shortcut
    guard let binding = KeyMap.all.first(where: { $0.key == shortcut }) else { return shortcut }
    return "\(shortcut), \(binding.typed)"
  }
}
