/// Tab after the start of a slash command: completes it from the commands the screen in front
/// answers to (asked of its view, as `/help` does), or lists them when several fit.
struct SlashCompletion {
  /// Every command the screen answers to, `/help` included, as typed: `/reload`.
  let commands: [String]

  /// The commands of `screen`, whose view answers `input` when `handles(input)`.
  init(screen: Screen, handles: (InputEvent) -> Bool) {
    var commands: [String] = []
    for binding in KeyMap.all {
      let example = binding.argument == nil ? "" : "1"
      if binding == KeyMap.help || handles(.command(name: binding.command, argument: example)) {
        commands.append("/" + binding.command)
      }
    }
    for component in screen.components {
      guard case .menu(let menu, _) = component.kind else { continue }
      for command in menu where command.shortcut.hasPrefix("/") {
        let name = String(command.shortcut.prefix { $0 != " " })
        if !commands.contains(name) { commands.append(name) }
      }
    }
    self.commands = commands
  }

  /// What Tab does to `line`: the line completed as far as the commands that fit agree (with a
  /// space after a whole command), and those commands when more than one fits; `nil` when
  /// `line` is not the start of a command or none fits.
  func complete(_ line: String) -> (line: String, choices: [String])? {
    guard line.hasPrefix("/"), !line.contains(where: \.isWhitespace) else { return nil }
    let typed = line.lowercased()
    let fitting = commands.filter { $0.hasPrefix(typed) }
    guard let first = fitting.first else { return nil }
    if fitting.count == 1 { return (first + " ", []) }
    var common = first
    for command in fitting.dropFirst() {
      common = String(zip(common, command).prefix { $0 == $1 }.map(\.0))
    }
    return (common.count > line.count ? common : line, fitting)
  }
}
