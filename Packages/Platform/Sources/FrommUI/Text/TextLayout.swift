/// Where text sits within the columns it is given.
public enum TextAlignment: Sendable, Equatable {
  /// Against the left edge.
  case leading
  /// In the middle; an odd leftover column goes to the right.
  case center
  /// Against the right edge.
  case trailing
}

/// Width-aware line breaking, padding and truncation, counting columns with ``TextWidth``.
///
/// ```swift
/// TextLayout.wrap("안녕하세요 여러분", width: 10)  // ["안녕하세요", "여러분"]
/// TextLayout.pad("이름", to: 6)                    // "이름  "
/// ```
public enum TextLayout {
  /// Breaks `text` into lines of at most `width` columns.
  ///
  /// Lines break at spaces where possible; a word wider than `width` is split between grapheme
  /// clusters, and a two-column character never straddles the edge. Explicit newlines are kept,
  /// and an empty paragraph stays an empty line. A line that fits keeps its spacing; where text
  /// is re-flowed, runs of spaces become one.
  public static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(width, 1)
    let clean = sanitize(text)
    // Most chat lines fit as they are; they keep their spacing.
    if !clean.utf8.contains(0x0A), TextWidth.columns(clean) <= width { return [clean] }
    var lines: [String] = []
    for paragraph in clean.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      wrapParagraph(Substring(paragraph), width: width, into: &lines)
    }
    return lines
  }

  /// `text` followed (or preceded, or surrounded) by spaces up to `width` columns; text already
  /// as wide or wider is returned unchanged.
  public static func pad(_ text: String, to width: Int, alignment: TextAlignment = .leading) -> String {
    let missing = width - TextWidth.columns(text)
    guard missing > 0 else { return text }
    switch alignment {
    case .leading:
      return text + String(repeating: " ", count: missing)
    case .trailing:
      return String(repeating: " ", count: missing) + text
    case .center:
      let left = missing / 2
      return String(repeating: " ", count: left) + text + String(repeating: " ", count: missing - left)
    }
  }

  /// `text` cut to at most `width` columns, ending in `ellipsis` when anything was cut.
  public static func truncate(_ text: String, to width: Int, ellipsis: String = "...") -> String {
    guard TextWidth.columns(text) > width else { return text }
    let budget = width - TextWidth.columns(ellipsis)
    guard budget > 0 else { return String(prefix(text, columns: width)) }
    return String(prefix(text, columns: budget)) + ellipsis
  }

  /// The longest prefix of `text` that fits in `columns`.
  static func prefix(_ text: some StringProtocol, columns: Int) -> Substring {
    let text = Substring(text)
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let next = used + TextWidth.columns(of: text[index])
      if next > columns { break }
      used = next
      end = text.index(after: index)
    }
    return text[..<end]
  }

  /// `text` with tabs expanded and other control characters removed, so text from the network
  /// can never move the cursor, recolor the terminal or reverse the direction of what follows.
  public static func sanitize(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" {
        scalars.append(contentsOf: "    ".unicodeScalars)
      } else if scalar == "\n" || !isControl(scalar) {
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // C0 and C1 controls, and the bidirectional overrides that could reorder what others see.
    return value < 0x20 || (0x7F..<0xA0).contains(value) || (0x202A...0x202E).contains(value)
      || (0x2066...0x2069).contains(value)
  }

  private static func wrapParagraph(_ paragraph: Substring, width: Int, into lines: inout [String]) {
    var current = ""
    var currentWidth = 0
    // Splitting on the space byte avoids segmenting the whole text into characters.
    for wordBytes in paragraph.utf8.split(separator: 0x20) {
      var word = Substring(wordBytes)
      var wordWidth = TextWidth.columns(word)
      if currentWidth > 0 {
        if currentWidth + 1 + wordWidth <= width {
          current += " "
          current += word
          currentWidth += 1 + wordWidth
          continue
        }
        lines.append(current)
        current = ""
        currentWidth = 0
      }
      while wordWidth > width {
        var head = prefix(word, columns: width)
        if head.isEmpty { head = word.prefix(1) }  // A character wider than the whole line.
        lines.append(String(head))
        word = word[head.endIndex...]
        wordWidth = TextWidth.columns(word)
      }
      current = String(word)
      currentWidth = wordWidth
    }
    lines.append(current)
  }
}
