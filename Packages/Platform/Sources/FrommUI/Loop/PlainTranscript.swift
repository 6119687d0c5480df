/// What plain mode prints: of each changed screen, only the lines that are new, in order, as a
/// script or a screen reader reading along needs them.
///
/// The first screen is printed whole. After that a line that was already on the previous
/// screen is not printed again, so a new message in a room prints one line, not the room; a
/// screen that starts with a new first line (another screen altogether) is set off by an
/// empty line.
struct PlainTranscript {
  /// The previous screen's lines as their hash values: telling old lines from new needs only
  /// that, and keeping the lines themselves would hold a second copy of a room's every message.
  /// A new line goes unprinted only if its 64-bit hash equals the old line it is aligned with.
  private var previous: [Int]?

  /// The text to print for a screen of `lines`, or `nil` when nothing new is on it.
  mutating func update(_ lines: [String]) -> String? {
    let hashes = lines.map(\.hashValue)
    guard let previous else {
      self.previous = hashes
      return lines.joined(separator: "\n") + "\n"
    }
    guard hashes != previous else { return nil }
    self.previous = hashes
    var added: [String] = []
    for change in hashes.difference(from: previous).insertions {
      if case .insert(let offset, _, _) = change { added.append(lines[offset]) }
    }
    guard !added.isEmpty else { return nil }
    let isNewScreen = hashes.first != previous.first
    return (isNewScreen ? "\n" : "") + added.joined(separator: "\n") + "\n"
  }
}
