/// How many terminal columns text takes.
///
/// Hangul, CJK ideographs, fullwidth forms and emoji take two columns; combining marks,
/// zero-width joiners, variation selectors and Hangul medial/final jamo take none; everything
/// else takes one. Widths are counted per grapheme cluster, so `"e\u{301}"` is one column, a
/// flag or a skin-toned emoji two; emoji joined with ZWJs (a family) count as the emoji they
/// join, two each, as tmux, xterm and VTE draw them, so a row never overflows the window.
///
/// ```swift
/// TextWidth.columns("fromm")   // 5
/// TextWidth.columns("프롬")     // 4
/// ```
public enum TextWidth {
  /// The number of columns `text` takes when printed on one line.
  public static func columns(_ text: some StringProtocol) -> Int {
    var counter = Counter()
    for scalar in text.unicodeScalars { counter.add(scalar) }
    return counter.total
  }

  /// The number of columns one grapheme cluster takes: 0, 1 or 2, more for a ZWJ sequence.
  public static func columns(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    // Fast path: printable ASCII is by far the most common case.
    if scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x20, scalar.value < 0x7F {
      return 1
    }
    var counter = Counter()
    for scalar in scalars { counter.add(scalar) }
    return counter.total
  }

  /// Adds up columns scalar by scalar, applying the grapheme rules that change widths (ZWJ
  /// sequences, emoji presentation selectors, flag pairs, skin tones) without the cost of
  /// segmenting the text into `Character`s first.
  struct Counter {
    private(set) var total = 0
    /// The previous scalar can take an emoji presentation selector (and is one column wide).
    private var previousTakesEmojiSelector = false
    /// The previous scalar was an emoji: a skin tone that follows modifies it.
    private var previousIsEmoji = false
    private var openRegionalIndicator = false

    mutating func add(_ scalar: Unicode.Scalar) {
      let value = scalar.value
      if value < 0x7F {
        total += value >= 0x20 ? 1 : 0
        // Digits, `#` and `*` start keycap emoji such as 1️⃣.
        previousTakesEmojiSelector = (0x30...0x39).contains(value) || value == 0x23 || value == 0x2A
        previousIsEmoji = false
        openRegionalIndicator = false
        return
      }
      if (0xAC00...0xD7A3).contains(value) || (0x4E00...0x9FFF).contains(value) {
        total += 2
        reset()
        return
      }
      switch value {
      case 0x200D:
        // Joined emoji are drawn side by side, each at its own width, by the terminals (tmux,
        // xterm, VTE) that measure each code point: counting fewer columns would overflow the row.
        previousIsEmoji = false
        return
      case 0xFE0F:
        if previousTakesEmojiSelector { total += 1 }
        previousTakesEmojiSelector = false
        return
      case 0x1F1E6...0x1F1FF:
        // Two regional indicators make one flag, two columns wide.
        total += openRegionalIndicator ? 0 : 2
        openRegionalIndicator.toggle()
        previousIsEmoji = true
        previousTakesEmojiSelector = false
        return
      case 0x1F3FB...0x1F3FF where previousIsEmoji:
        return  // A skin tone modifies the emoji before it.
      default:
        break
      }
      let properties = scalar.properties
      openRegionalIndicator = false
      if properties.isEmojiPresentation {
        total += 2
        previousIsEmoji = true
        previousTakesEmojiSelector = false
        return
      }
      let width = TextWidth.columns(of: scalar)
      total += width
      if width > 0 {
        previousIsEmoji = properties.isEmoji
        previousTakesEmojiSelector = properties.isEmoji && width == 1
      }
    }

    private mutating func reset() {
      previousTakesEmojiSelector = false
      previousIsEmoji = false
      openRegionalIndicator = false
    }
  }

  /// The number of columns one scalar takes on its own: 0, 1 or 2.
  static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    if value < 0x300 { return 1 }
    if isZeroWidth(scalar) { return 0 }
    return isWide(value) ? 2 : 1
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Hangul medial vowels and final consonants join the initial consonant's two columns.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }

  /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, condensed).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    if value < 0x1100 { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
