/// Blanks a Swift file's comments and string literals, so that tools reading code as text (the
/// import scanner of the graph checker, the declaration scanner of codegen) cannot mistake either
/// for code. No swift-syntax: the tools stay dependency-free and fast.
public enum CommentStripper {
  /// Replaces comments and string literal contents with spaces, keeping newlines so lines still count.
  ///
  /// Every Unicode scalar keeps its offset, so a position found in the result is the same position
  /// in `source`.
  public static func strip(_ source: String) -> String {
    let blanked = blank(source.unicodeScalars.map(\.value))
    var out = String.UnicodeScalarView()
    out.append(contentsOf: blanked.lazy.compactMap(Unicode.Scalar.init))
    return String(out)
  }

  /// ``strip(_:)`` over code units: Unicode scalar values, or UTF-8 bytes (every character the
  /// syntax turns on is ASCII, and no byte of a multi-byte UTF-8 sequence is, so both give the
  /// same code; in bytes, each byte of a blanked character becomes a space).
  public static func blank<Unit: FixedWidthInteger>(_ chars: [Unit]) -> [Unit] {
    let newline = Unit(UInt8(ascii: "\n"))
    let space = Unit(UInt8(ascii: " "))
    let slash = Unit(UInt8(ascii: "/"))
    let star = Unit(UInt8(ascii: "*"))
    let hash = Unit(UInt8(ascii: "#"))
    let quote = Unit(UInt8(ascii: "\""))
    var out = chars
    var index = 0
    func at(_ offset: Int) -> Unit? {
      index + offset < chars.count ? chars[index + offset] : nil
    }
    func blank(_ position: Int) { if chars[position] != newline { out[position] = space } }
    while index < chars.count {
      let char = chars[index]
      if char == slash, at(1) == slash {
        while index < chars.count, chars[index] != newline {
          out[index] = space
          index += 1
        }
      } else if char == slash, at(1) == star {
        var depth = 0
        repeat {
          if chars[index] == slash, at(1) == star {
            depth += 1
            out[index] = space
            out[index + 1] = space
            index += 2
          } else if chars[index] == star, at(1) == slash {
            depth -= 1
            out[index] = space
            out[index + 1] = space
            index += 2
          } else {
            blank(index)
            index += 1
          }
        } while depth > 0 && index < chars.count
      } else if char == hash || char == quote {
        // Raw strings: `#"…"#`, `##"""…"""##`.
        var hashes = 0
        while at(hashes) == hash { hashes += 1 }
        guard at(hashes) == quote else {
          index += 1
          continue
        }
        let multiline = at(hashes + 1) == quote && at(hashes + 2) == quote
        let quotes = multiline ? 3 : 1
        for offset in 0..<(hashes + quotes) { out[index + offset] = space }
        index += hashes + quotes
        skipString(chars, &index, &out, hashes: hashes, quotes: quotes)
      } else {
        index += 1
      }
    }
    return out
  }

  /// Advances past a string body and its closing delimiter, blanking it. Interpolations are blanked
  /// too: an import or a declaration cannot appear inside one.
  private static func skipString<Unit: FixedWidthInteger>(
    _ chars: [Unit], _ index: inout Int, _ out: inout [Unit], hashes: Int, quotes: Int
  ) {
    let newline = Unit(UInt8(ascii: "\n"))
    let space = Unit(UInt8(ascii: " "))
    let backslash = Unit(UInt8(ascii: "\\"))
    let hash = Unit(UInt8(ascii: "#"))
    let quote = Unit(UInt8(ascii: "\""))
    while index < chars.count {
      let char = chars[index]
      if char == backslash && hashes == 0 {
        out[index] = space
        if index + 1 < chars.count, chars[index + 1] != newline { out[index + 1] = space }
        index += 2
        continue
      }
      if char == quote {
        var closing = true
        for offset in 0..<quotes where index + offset >= chars.count || chars[index + offset] != quote {
          closing = false
        }
        if closing {
          for offset in 0..<hashes
          where index + quotes + offset >= chars.count || chars[index + quotes + offset] != hash {
            closing = false
          }
        }
        if closing {
          for offset in 0..<(quotes + hashes) { out[index + offset] = space }
          index += quotes + hashes
          return
        }
      }
      if char == newline && quotes == 1 { return }  // unterminated single-line string: stop at line end
      if char != newline { out[index] = space }
      index += 1
    }
  }
}
