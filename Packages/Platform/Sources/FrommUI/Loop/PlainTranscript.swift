/// What plain mode prints: of each changed screen, only the lines that are new, in order, as a
/// script or a screen reader reading along needs them.
///
/// The first screen is printed whole. After that a line that was already on the previous
/// screen is not printed again, so a new message in a room prints one line, not the room; a
/// screen that starts with a new first line (another screen altogether) is set off by an
/// empty line.
struct PlainTranscript {
  private var previous: [String]?

  /// The text to print for a screen of `lines`, or `nil` when nothing new is on it.
  mutating func update(_ lines: [String]) -> String? {
    guard let previous else {
      self.previous = lines
      return lines.joined(separator: "\n") + "\n"
    }
    guard lines != previous else { return nil }
    self.previous = lines
    var added: [String] = []
    for change in lines.difference(from: previous).insertions {
      if case .insert(_, let line, _) = change { added.append(line) }
    }
    guard !added.isEmpty else { return nil }
    let isNewScreen = lines.first != previous.first
    return (isNewScreen ? "\n" : "") + added.joined(separator: "\n") + "\n"
  }
}
