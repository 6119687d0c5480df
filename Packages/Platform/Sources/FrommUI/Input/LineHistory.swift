/// The lines submitted earlier, recalled with Up and Down like a shell's history.
///
/// Browsing keeps the line being written: going past the newest entry brings it back.
struct LineHistory {
  /// How many lines are kept; the oldest go first.
  static let capacity = 200

  private(set) var entries: [String] = []
  /// The entry shown, or `nil` while editing the line being written.
  private var position: Int?
  private var draft = ""

  /// Keeps `line` as the newest entry (not an empty line, nor a repeat of the newest).
  mutating func remember(_ line: String) {
    position = nil
    guard !line.isEmpty, entries.last != line else { return }
    entries.append(line)
    if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
  }

  /// The entry before the one shown, or `nil` at the oldest; `current` is kept as the draft
  /// when browsing starts.
  mutating func older(than current: String) -> String? {
    let next = (position ?? entries.count) - 1
    guard next >= 0 else { return nil }
    if position == nil { draft = current }
    position = next
    return entries[next]
  }

  /// The entry after the one shown, the draft after the newest, or `nil` when not browsing.
  mutating func newer() -> String? {
    guard let position else { return nil }
    if position + 1 < entries.count {
      self.position = position + 1
      return entries[position + 1]
    }
    self.position = nil
    return draft
  }

  /// Stops browsing, keeping whatever is on the line.
  mutating func stopBrowsing() {
    position = nil
  }
}
