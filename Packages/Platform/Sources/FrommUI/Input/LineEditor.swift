/// The interactive mode's line editor: turns raw key bytes into an edited line and events.
///
/// With the terminal's own line editing off (so the screen can redraw while the user types),
/// the loop edits the line itself, with the keys of a shell:
///
/// - Left/Right (Ctrl-B/Ctrl-F), Home/End (Ctrl-A/Ctrl-E) move the cursor; Alt-Left/Right,
///   Ctrl-Left/Right and Alt-B/Alt-F move it by a word.
/// - Backspace and Delete delete a character; Ctrl-W and Alt-Backspace the word before the
///   cursor, Alt-D the word after it; Ctrl-U everything before the cursor, Ctrl-K everything after.
/// - Enter submits the line. Alt-Enter, or Enter after a trailing `\`, starts a new line within
///   the same message instead.
/// - Up/Down (Ctrl-P/Ctrl-N) recall history when the loop says the view has no use for them,
///   and become ``InputEvent/key(_:)`` otherwise, like Tab, Escape and PageUp/PageDown.
/// - Ctrl-C is an interrupt, Ctrl-D on an empty line ends input, Ctrl-Z suspends.
///
/// A bracketed paste (the loop turns the mode on) becomes one draft, its line breaks kept in it
/// as Alt-Enter makes them, sent only on the user's Enter. Every line in a burst of other input
/// (typed ahead, or pasted on a terminal without bracketed paste) is submitted in order. Edits cost time in proportion to the text they touch, not to the whole
/// line, so a 10,000-character paste stays responsive; one feed reports at most one
/// ``Output/edited`` in a row.
package struct LineEditor {
  /// What feeding bytes produced.
  package enum Output: Equatable {
    /// The line being typed or its cursor changed; redraw the prompt.
    case edited
    /// Something for the loop to handle.
    case event(InputEvent)
    /// Ctrl-Z: the user wants the shell back for a while.
    case suspend
    /// A key the screen acts on alone, pressed on an empty line (see `actingKeys` in
    /// ``feed(_:recallsHistory:actingKeys:)``).
    case key(String)
  }

  /// The line being typed, as characters, so the cursor moves in constant time.
  package private(set) var characters: [Character] = []
  /// Where the cursor is: the index of the character it stands before.
  package private(set) var cursor = 0
  private var history = LineHistory()
  private var pending: [UInt8] = []
  private var lastWasCarriageReturn = false
  private var isPasting = false
  /// Line breaks read inside a paste and not inserted yet (see ``insertPastedLineBreaks()``).
  private var pastedLineBreaks = 0
  private var recallsHistory = false

  /// The text typed so far on the current line.
  package var buffer: String { String(characters) }

  /// An empty line.
  package init() {}

  /// Edits the line with `bytes` as read from the terminal; returns what happened, in order.
  /// With `recallsHistory` Up and Down (Ctrl-P, Ctrl-N) recall history instead of becoming
  /// keys, in typing order with the rest of the line's editing. One of `actingKeys` typed (not
  /// pasted) on an empty line is a ``Output/key(_:)`` instead of text; only the first: what
  /// follows it in the same read is typed for the screen the key brings.
  package mutating func feed(
    _ bytes: [UInt8], recallsHistory: Bool = false, actingKeys: Set<Character> = []
  ) -> [Output] {
    self.recallsHistory = recallsHistory
    var actingKeys = actingKeys
    let input = pending + bytes
    pending = []
    var outputs: [Output] = []
    var index = 0
    while index < input.count {
      let byte = input[index]
      let wasCarriageReturn = lastWasCarriageReturn
      lastWasCarriageReturn = false
      if byte >= 0x20 && byte != 0x7F {
        if !isPasting, characters.isEmpty, byte < 0x80,
          case let key = Character(Unicode.Scalar(byte)), actingKeys.contains(Character(key.lowercased()))
        {
          outputs.append(.key(String(key)))
          actingKeys = []
          index += 1
          continue
        }
        guard let (text, length) = Self.text(input, from: index) else {
          pending = Array(input[index...])
          return outputs
        }
        insertPastedLineBreaks()
        insert(text)
        Self.edited(&outputs)
        index += length
        continue
      }
      switch byte {
      case 0x1B:
        guard let (key, length) = KeySequence.decode(input, at: index) else {
          pending = Array(input[index...])
          return outputs
        }
        apply(key, outputs: &outputs)
        index += length
        continue
      case 0x0D, 0x0A:
        if byte == 0x0A && wasCarriageReturn { break }
        lastWasCarriageReturn = byte == 0x0D
        if isPasting {
          // A paste is one draft: its line breaks stay in it, and only Enter sends it.
          pastedLineBreaks += 1
        } else if cursor == characters.count, characters.last == "\\" {
          characters[cursor - 1] = "\n"
          Self.edited(&outputs)
        } else {
          outputs.append(.event(InputEvent(line: buffer)))
          characters = []
          cursor = 0
          history.stopBrowsing()
          Self.edited(&outputs)
        }
      case 0x09:
        if isPasting {
          insertPastedLineBreaks()
          insert(" ")
          Self.edited(&outputs)
        } else {
          outputs.append(.event(.key(.tab)))
        }
      case _ where isPasting:
        // Control characters inside a paste are text that could not be shown, not commands.
        break
      case 0x03: outputs.append(.event(.interrupt))
      case 0x1A: outputs.append(.suspend)
      case 0x04:
        if characters.isEmpty {
          outputs.append(.event(.endOfInput))
        } else if delete(cursor..<min(cursor + 1, characters.count)) {
          Self.edited(&outputs)
        }
      case 0x7F, 0x08: if delete(max(cursor - 1, 0)..<cursor) { Self.edited(&outputs) }
      case 0x17: if delete(wordStart(before: cursor)..<cursor) { Self.edited(&outputs) }
      case 0x15: if delete(0..<cursor) { Self.edited(&outputs) }
      case 0x0B: if delete(cursor..<characters.count) { Self.edited(&outputs) }
      case 0x01: if move(to: 0) { Self.edited(&outputs) }
      case 0x05: if move(to: characters.count) { Self.edited(&outputs) }
      case 0x02: if move(to: cursor - 1) { Self.edited(&outputs) }
      case 0x06: if move(to: cursor + 1) { Self.edited(&outputs) }
      case 0x10: apply(.up, outputs: &outputs)
      case 0x0E: apply(.down, outputs: &outputs)
      default: break
      }
      index += 1
    }
    return outputs
  }

  /// Replaces the line with the history entry before the one shown; `false` at the oldest.
  mutating func recallOlder() -> Bool {
    guard let line = history.older(than: buffer) else { return false }
    replaceLine(with: line)
    return true
  }

  /// Replaces the line with the history entry after the one shown (or what was being typed
  /// before browsing); `false` when not browsing history.
  mutating func recallNewer() -> Bool {
    guard let line = history.newer() else { return false }
    replaceLine(with: line)
    return true
  }

  /// Keeps a submitted line for Up to recall; the loop leaves out secret input.
  mutating func remember(_ line: String) {
    history.remember(line)
  }

  /// Puts `line` back to be edited again, the cursor at its end.
  package mutating func restore(_ line: String) {
    replaceLine(with: line)
  }

  private mutating func replaceLine(with line: String) {
    characters = Array(line)
    cursor = characters.count
  }

  /// Reports an edit, once for a run of edits.
  private static func edited(_ outputs: inout [Output]) {
    if outputs.last != .edited { outputs.append(.edited) }
  }

  private mutating func apply(_ key: KeySequence, outputs: inout [Output]) {
    switch key {
    case .pasteStart: isPasting = true
    case .pasteEnd:
      // Line breaks that end a paste would only leave empty lines at the end of the draft.
      isPasting = false
      pastedLineBreaks = 0
    case _ where isPasting: break
    case .up where recallsHistory: if recallOlder() { Self.edited(&outputs) }
    case .down where recallsHistory: if recallNewer() { Self.edited(&outputs) }
    case .up: outputs.append(.event(.key(.up)))
    case .down: outputs.append(.event(.key(.down)))
    case .pageUp: outputs.append(.event(.key(.pageUp)))
    case .pageDown: outputs.append(.event(.key(.pageDown)))
    case .escape: outputs.append(.event(.key(.escape)))
    case .left, .right:
      // On an empty line there is nothing to move through; the view may use the arrows.
      if characters.isEmpty {
        outputs.append(.event(.key(key == .left ? .left : .right)))
      } else if move(to: cursor + (key == .left ? -1 : 1)) {
        Self.edited(&outputs)
      }
    case .home: if move(to: 0) { Self.edited(&outputs) }
    case .end: if move(to: characters.count) { Self.edited(&outputs) }
    case .wordLeft: if move(to: wordStart(before: cursor)) { Self.edited(&outputs) }
    case .wordRight: if move(to: wordEnd(after: cursor)) { Self.edited(&outputs) }
    case .deleteForward: if delete(cursor..<min(cursor + 1, characters.count)) { Self.edited(&outputs) }
    case .deleteWordBackward: if delete(wordStart(before: cursor)..<cursor) { Self.edited(&outputs) }
    case .deleteWordForward: if delete(cursor..<wordEnd(after: cursor)) { Self.edited(&outputs) }
    case .newline:
      insert("\n")
      Self.edited(&outputs)
    case .ignored: break
    }
  }

  /// Inserts the line breaks of a paste read so far, once text follows them.
  private mutating func insertPastedLineBreaks() {
    guard pastedLineBreaks > 0 else { return }
    characters.insert(contentsOf: repeatElement("\n", count: pastedLineBreaks), at: cursor)
    cursor += pastedLineBreaks
    pastedLineBreaks = 0
  }

  private mutating func insert(_ text: String) {
    // Joined with the character before the cursor, so a combining mark or a jamo typed on its
    // own becomes part of that character, as it is shown.
    let start = max(cursor - 1, 0)
    let joined = Array((cursor > 0 ? String(characters[cursor - 1]) : "") + text)
    characters.replaceSubrange(start..<cursor, with: joined)
    cursor = start + joined.count
  }

  private mutating func delete(_ range: Range<Int>) -> Bool {
    guard !range.isEmpty else { return false }
    characters.removeSubrange(range)
    cursor = range.lowerBound
    return true
  }

  private mutating func move(to position: Int) -> Bool {
    let clamped = min(max(position, 0), characters.count)
    guard clamped != cursor else { return false }
    cursor = clamped
    return true
  }

  /// The start of the word before `position`, skipping the spaces right before it.
  private func wordStart(before position: Int) -> Int {
    var index = position
    while index > 0, characters[index - 1].isWhitespace { index -= 1 }
    while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
    return index
  }

  /// The end of the word after `position`, skipping the spaces right after it.
  private func wordEnd(after position: Int) -> Int {
    var index = position
    while index < characters.count, characters[index].isWhitespace { index += 1 }
    while index < characters.count, !characters[index].isWhitespace { index += 1 }
    return index
  }

  /// The run of printable text starting at `index`, decoded, and its length in bytes; `nil`
  /// when it ends in the middle of a character (the rest arrives with the next read).
  private static func text(_ input: [UInt8], from index: Int) -> (String, Int)? {
    var end = index
    while end < input.count, input[end] >= 0x20, input[end] != 0x7F { end += 1 }
    if end == input.count {
      // A character split between two reads: keep its first bytes until the rest arrives.
      var lead = end - 1
      while lead > index, input[lead] & 0xC0 == 0x80, end - lead < 4 { lead -= 1 }
      if input[lead] >= 0xC0, lead + utf8Length(leadingByte: input[lead]) > end {
        if lead == index { return nil }
        end = lead
      }
    }
    return (String(decoding: input[index..<end], as: UTF8.self), end - index)
  }

  private static func utf8Length(leadingByte byte: UInt8) -> Int {
    switch byte {
    case 0xF0...0xF7: 4
    case 0xE0...0xEF: 3
    case 0xC0...0xDF: 2
    default: 1
    }
  }
}
