/// What `/help` (or `?`) shows under the screen in front: every command its menus offer, each
/// with the other way to type it from ``KeyMap`` (`r, /reload`), then the ones every screen has.
/// It is built from the rendered screen, so it always matches what the screen answers to.
struct HelpPanel {
  /// Whether the loop runs full screen (where Ctrl-C quits and PageUp/PageDown page).
  var isInteractive: Bool

  /// The panel's lines for `screen`.
  func components(for screen: Screen) -> [Component] {
    var rows: [(keys: String, title: String)] = []
    for component in screen.components {
      guard case .menu(let commands) = component.kind else { continue }
      for command in commands where !rows.contains(where: { $0.title == command.title }) {
        rows.append((Self.keys(of: command), command.title))
      }
    }
    let hasLog = screen.components.contains { if case .log = $0.kind { true } else { false } }
    rows.append(("/help, ?", "This list"))
    if isInteractive {
      if hasLog { rows.append(("PageUp, PageDown", "Older and newer messages")) }
      rows.append(("Ctrl-C", "Quit"))
    }
    let width = rows.map { TextWidth.columns($0.keys) }.max() ?? 0
    return [Component.divider, Component.text("Keys and commands here:", style: .bold)]
      + rows.map { row in
        let padding = String(repeating: " ", count: width - TextWidth.columns(row.keys))
        return Component.text("  \(row.keys)\(padding)  \(row.title)")
      }
  }

  /// `r, /reload` for a key the key map also has as a command; the shortcut alone otherwise.
  static func keys(of command: MenuCommand) -> String {
    let shortcut = command.shortcut
    guard let binding = KeyMap.all.first(where: { $0.key == shortcut }) else { return shortcut }
    return "\(shortcut), \(binding.typed)"
  }
}
