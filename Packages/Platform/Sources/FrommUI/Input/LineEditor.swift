/// The interactive mode's line editor: turns raw key bytes into an edited line and events.
///
/// With the terminal's own line editing off (so the screen can redraw while the user types),
/// the loop edits the line itself: printable text is appended, Backspace deletes a character,
/// Ctrl-U clears the line, Enter submits it, arrows/Tab/Escape become ``InputEvent/key(_:)``,
/// Ctrl-C is an interrupt and Ctrl-D on an empty line ends input.
struct LineEditor {
  /// What feeding bytes produced.
  enum Output: Equatable {
    /// The line being typed changed to this text; redraw the prompt.
    case edited(String)
    /// Something for the loop to handle.
    case event(InputEvent)
  }

  /// The text typed so far on the current line.
  private(set) var buffer = ""
  private var pending: [UInt8] = []
  private var lastWasCarriageReturn = false

  mutating func feed(_ bytes: [UInt8]) -> [Output] {
    let input = pending + bytes
    pending = []
    var outputs: [Output] = []
    var index = 0
    while index < input.count {
      let byte = input[index]
      let wasCarriageReturn = lastWasCarriageReturn
      lastWasCarriageReturn = false
      switch byte {
      case 0x1B:
        guard let (key, length) = Self.escapeSequence(input, at: index) else {
          pending = Array(input[index...])
          return outputs
        }
        if let key { outputs.append(.event(.key(key))) }
        index += length
        continue
      case 0x03:
        outputs.append(.event(.interrupt))
      case 0x04:
        if buffer.isEmpty { outputs.append(.event(.endOfInput)) }
      case 0x0D, 0x0A:
        if byte == 0x0A && wasCarriageReturn { break }
        lastWasCarriageReturn = byte == 0x0D
        outputs.append(.event(InputEvent(line: buffer)))
        buffer = ""
      case 0x7F, 0x08:
        if !buffer.isEmpty {
          buffer.removeLast()
          outputs.append(.edited(buffer))
        }
      case 0x15:
        buffer = ""
        outputs.append(.edited(buffer))
      case 0x09:
        outputs.append(.event(.key(.tab)))
      case 0x00..<0x20:
        break
      default:
        let length = Self.utf8Length(leadingByte: byte)
        guard index + length <= input.count else {
          pending = Array(input[index...])
          return outputs
        }
        buffer += String(decoding: input[index..<index + length], as: UTF8.self)
        outputs.append(.edited(buffer))
        index += length
        continue
      }
      index += 1
    }
    return outputs
  }

  /// The key an escape sequence starting at `index` stands for (`nil` for one we ignore) and
  /// its length, or `nil` when the sequence is not complete yet.
  private static func escapeSequence(_ input: [UInt8], at index: Int) -> (InputEvent.Key?, Int)? {
    // A lone Escape arrives as one read; a sequence arrives whole.
    guard index + 1 < input.count else { return (.escape, 1) }
    let introducer = input[index + 1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      return (.escape, 1)
    }
    var end = index + 2
    while end < input.count, !(0x40...0x7E).contains(input[end]) { end += 1 }
    guard end < input.count else { return nil }
    let length = end - index + 1
    switch input[end] {
    case UInt8(ascii: "A"): return (.up, length)
    case UInt8(ascii: "B"): return (.down, length)
    case UInt8(ascii: "C"): return (.right, length)
    case UInt8(ascii: "D"): return (.left, length)
    default: return (nil, length)
    }
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
