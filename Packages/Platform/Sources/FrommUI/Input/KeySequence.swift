/// What one escape sequence or control byte read from a terminal means to the line editor.
///
/// Terminals send the same key in several spellings (`ESC [ H`, `ESC O H`, `ESC [ 1 ~` are all
/// Home; `ESC [ 1 ; 5 C` is Ctrl-Right), so they are decoded here once.
enum KeySequence: Equatable {
  case up, down, left, right, home, end
  case wordLeft, wordRight
  case deleteForward, deleteWordBackward, deleteWordForward
  case pageUp, pageDown
  case newline
  case pasteStart, pasteEnd
  case escape
  /// A sequence the editor does not use, skipped whole.
  case ignored

  /// The sequence starting with `ESC` at `index` and its length in bytes, or `nil` when it is
  /// not complete yet.
  static func decode(_ input: [UInt8], at index: Int) -> (KeySequence, Int)? {
    // A lone Escape arrives as one read; a sequence arrives whole.
    guard index + 1 < input.count else { return (.escape, 1) }
    let introducer = input[index + 1]
    switch introducer {
    case UInt8(ascii: "["), UInt8(ascii: "O"):
      var end = index + 2
      while end < input.count, !(0x40...0x7E).contains(input[end]) { end += 1 }
      guard end < input.count else { return nil }
      let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
      if parameters.hasPrefix("<") {
        return (mouse(parameters.dropFirst(), final: input[end]), end - index + 1)
      }
      return (controlSequence(final: input[end], parameters: parameters), end - index + 1)
    // Alt (Meta) sends ESC before the key.
    case 0x0D, 0x0A: return (.newline, 2)
    case UInt8(ascii: "b"), UInt8(ascii: "B"): return (.wordLeft, 2)
    case UInt8(ascii: "f"), UInt8(ascii: "F"): return (.wordRight, 2)
    case UInt8(ascii: "d"), UInt8(ascii: "D"): return (.deleteWordForward, 2)
    case 0x7F, 0x08: return (.deleteWordBackward, 2)
    default: return (.escape, 1)
    }
  }

  /// An xterm mouse report (`ESC [ < button ; column ; row M`): the wheel pages like
  /// PageUp/PageDown; clicks are left to the terminal (with Shift, which it does not report).
  private static func mouse(_ parameters: Substring, final: UInt8) -> KeySequence {
    guard final == UInt8(ascii: "M"), let button = parameters.split(separator: ";").first.flatMap({ Int($0) })
    else { return .ignored }
    switch button {
    case 64: return .pageUp
    case 65: return .pageDown
    default: return .ignored
    }
  }

  private static func controlSequence(final: UInt8, parameters: String) -> KeySequence {
    let fields = parameters.split(separator: ";")
    // `1;5C`: the second field is the modifier, 3 Alt, 5 Ctrl (plus 1 for Shift).
    let modifier = fields.count > 1 ? Int(fields[1]) ?? 1 : 1
    let byWord = modifier == 3 || modifier == 5 || modifier == 4 || modifier == 6
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return byWord ? .wordRight : .right
    case UInt8(ascii: "D"): return byWord ? .wordLeft : .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "~"):
      switch fields.first.flatMap({ Int($0) }) {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .deleteForward
      case 5: return .pageUp
      case 6: return .pageDown
      case 200: return .pasteStart
      case 201: return .pasteEnd
      default: return .ignored
      }
    default: return .ignored
    }
  }
}
