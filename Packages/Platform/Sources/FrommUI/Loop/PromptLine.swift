/// The bottom line of interactive mode: the prompt's label, then as much of the typed line
/// around the cursor as fits, and where the cursor stands.
///
/// Only the characters that are shown are measured, so drawing costs the same for a line of
/// ten characters and a paste of ten thousand. A secret line is shown as `*`, one per
/// character; a line break within a message as `↵`. With a character limit the label counts
/// the line against it (`Reply 12/500> `) and, once over, says how many to cut
/// (`Reply 512/500, cut 12> `).
package struct PromptLine: Equatable {
  /// The label with its `> ` marker, such as `Reply> `.
  package var label: String
  /// The visible part of the typed line.
  package var shown: String
  /// The column the cursor stands in, counted from 0 at the left edge.
  package var cursorColumn: Int

  /// The line for `characters` with the cursor at `cursor`, in a window `width` columns wide.
  package init(
    label: String, characters: [Character], cursor: Int, isSecure: Bool, width: Int,
    characterLimit: Int? = nil
  ) {
    self.label = Self.label(label, count: characters.count, limit: characterLimit) + "> "
    let labelColumns = TextWidth.columns(self.label)
    // One column stays free for the cursor after the last character.
    let room = max(width - labelColumns - 1, 1)
    func columns(_ index: Int) -> Int {
      if isSecure || characters[index] == "\n" { return 1 }
      return TextWidth.columns(of: characters[index])
    }
    let cursor = min(max(cursor, 0), characters.count)
    // Left of the cursor first, keeping the character under it visible, then what fits after.
    let underCursor = cursor < characters.count ? columns(cursor) : 0
    var start = cursor
    var left = 0
    while start > 0, left + underCursor + columns(start - 1) <= room {
      left += columns(start - 1)
      start -= 1
    }
    var end = cursor
    var right = 0
    while end < characters.count, left + right + columns(end) <= room {
      right += columns(end)
      end += 1
    }
    var shown = ""
    for index in start..<end {
      shown.append(isSecure ? "*" : characters[index] == "\n" ? "↵" : characters[index])
    }
    self.shown = shown
    self.cursorColumn = labelColumns + left
  }

  /// The label with the count of `count` characters against `limit`, when there is one.
  static func label(_ label: String, count: Int, limit: Int?) -> String {
    guard let limit else { return label }
    let counted = "\(count)/\(limit)"
    let text = count > limit ? "\(counted), cut \(count - limit)" : counted
    return label.isEmpty ? text : "\(label) \(text)"
  }
}
