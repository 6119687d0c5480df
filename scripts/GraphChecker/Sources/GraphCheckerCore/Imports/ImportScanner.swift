/// One `import` (or `canImport(...)` check) found in a source file.
public struct ImportStatement: Sendable, Equatable, Codable {
  /// The imported module (for `import struct M.T`, `M`).
  public var module: String
  /// The 1-based line of the statement.
  public var line: Int
  /// True for `#if canImport(M)`: it counts as a use of `M`, but does not require `M` to be declared.
  public var isCanImport: Bool

  /// Creates an import record.
  public init(module: String, line: Int, isCanImport: Bool = false) {
    self.module = module
    self.line = line
    self.isCanImport = isCanImport
  }
}

/// Finds the imports of a Swift source file, ignoring comments and string literals.
///
/// ```swift
/// ImportScanner.imports(in: "@testable import CommonKit\n") // [CommonKit, line 1]
/// ```
public enum ImportScanner {
  /// Returns every import and `canImport` check of `source`, in order.
  ///
  /// Works on tokens, not lines: `import A; import B`, an import after another statement on the
  /// same line and an import split over several lines are all found, each at the line of its
  /// `import` keyword (or of its first attribute).
  public static func imports(in source: String) -> [ImportStatement] {
    imports(in: tokens(stripCommentsAndStrings(source)))
  }

  /// The imports among `words` (the ``tokens(_:)`` of a file with comments and strings blanked).
  static func imports(in words: [Token]) -> [ImportStatement] {
    var result: [ImportStatement] = []
    for index in words.indices {
      if words[index].text == "import", let statement = importStatement(words, at: index) {
        result.append(statement)
      } else if words[index].text == "canImport", index > 0, isDirectiveCondition(words, at: index),
        index + 2 < words.count, words[index + 1].text == "(", isIdentifier(words[index + 2].text)
      {
        result.append(
          ImportStatement(module: words[index + 2].text, line: words[index].line, isCanImport: true))
      }
    }
    return result
  }

  private static let modifiers: Set<String> = [
    "public", "package", "internal", "private", "fileprivate", "open",
  ]
  private static let kinds: Set<String> = [
    "struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor",
  ]

  /// An identifier or a single punctuation character, with its 1-based line.
  struct Token: Equatable {
    var text: String
    var line: Int
  }

  /// Splits code into identifiers and single punctuation characters.
  static func tokens(_ code: String) -> [Token] {
    var result: [Token] = []
    var current = ""
    var line = 1
    for char in code {
      if char.isLetter || char.isNumber || char == "_" {
        current.append(char)
        continue
      }
      if !current.isEmpty { result.append(Token(text: current, line: line)) }
      current = ""
      if char == "\n" {
        line += 1
      } else if !char.isWhitespace {
        result.append(Token(text: String(char), line: line))
      }
    }
    if !current.isEmpty { result.append(Token(text: current, line: line)) }
    return result
  }

  private static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.first else { return false }
    return first.isLetter || first == "_"
  }

  /// The import whose `import` keyword is at `index`, when it starts a declaration: preceded only
  /// by attributes and access modifiers, themselves first on their line or after a `;`.
  private static func importStatement(_ words: [Token], at index: Int) -> ImportStatement? {
    var start = index
    var cursor = index - 1
    while cursor >= 0 {
      if modifiers.contains(words[cursor].text) {
        start = cursor
        cursor -= 1
      } else if let attribute = attributeStart(words, endingAt: cursor) {
        start = attribute
        cursor = attribute - 1
      } else {
        break
      }
    }
    if start > 0 {
      let previous = words[start - 1]
      guard previous.text == ";" || previous.line < words[start].line else { return nil }
      // `x.import` and a `#if` condition's last word are not statement ends.
      if previous.text == "." { return nil }
    }
    var next = index + 1
    if next < words.count, kinds.contains(words[next].text) { next += 1 }
    guard next < words.count, isIdentifier(words[next].text) else { return nil }
    return ImportStatement(module: words[next].text, line: words[start].line)
  }

  /// The index of the `@` of an attribute (`@testable`, `@_spi(X)`) ending at `end`, if any.
  private static func attributeStart(_ words: [Token], endingAt end: Int) -> Int? {
    var cursor = end
    if words[cursor].text == ")" {
      while cursor >= 0, words[cursor].text != "(" { cursor -= 1 }
      cursor -= 1
    }
    guard cursor >= 1, isIdentifier(words[cursor].text), words[cursor - 1].text == "@" else { return nil }
    return cursor - 1
  }

  /// Whether the `canImport` at `index` is inside a `#if`/`#elseif` condition (on its line).
  private static func isDirectiveCondition(_ words: [Token], at index: Int) -> Bool {
    var cursor = index - 1
    while cursor >= 0, words[cursor].line == words[index].line {
      if words[cursor].text == "#" { return true }
      cursor -= 1
    }
    return false
  }

  /// Replaces comments and string literal contents with spaces, keeping newlines so lines still count.
  ///
  /// Every Unicode scalar keeps its offset, so a position found in the result is the same position
  /// in `source` (the code generator in `scripts/Codegen` reads declarations this way).
  public static func stripCommentsAndStrings(_ source: String) -> String {
    let chars = Array(source.unicodeScalars)
    var out = String.UnicodeScalarView()
    var index = 0
    func blank(_ scalar: Unicode.Scalar) -> Unicode.Scalar { scalar == "\n" ? "\n" : " " }
    func at(_ offset: Int) -> Unicode.Scalar? {
      index + offset < chars.count ? chars[index + offset] : nil
    }
    while index < chars.count {
      let char = chars[index]
      if char == "/", at(1) == "/" {
        while index < chars.count, chars[index] != "\n" {
          out.append(" ")
          index += 1
        }
      } else if char == "/", at(1) == "*" {
        var depth = 0
        repeat {
          if chars[index] == "/", at(1) == "*" {
            depth += 1
            out.append(contentsOf: "  ".unicodeScalars)
            index += 2
          } else if chars[index] == "*", at(1) == "/" {
            depth -= 1
            out.append(contentsOf: "  ".unicodeScalars)
            index += 2
          } else {
            out.append(blank(chars[index]))
            index += 1
          }
        } while depth > 0 && index < chars.count
      } else if char == "#" || char == "\"" {
        // Raw strings: `#"…"#`, `##"""…"""##`.
        var hashes = 0
        while at(hashes) == "#" { hashes += 1 }
        guard at(hashes) == "\"" else {
          out.append(char)
          index += 1
          continue
        }
        let multiline = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
        let quotes = multiline ? 3 : 1
        for _ in 0..<(hashes + quotes) { out.append(" ") }
        index += hashes + quotes
        skipString(chars, &index, &out, hashes: hashes, quotes: quotes)
      } else {
        out.append(char)
        index += 1
      }
    }
    return String(out)
  }

  /// Advances past a string body and its closing delimiter, blanking it. Interpolations are blanked
  /// too: an import cannot appear inside one.
  private static func skipString(
    _ chars: [Unicode.Scalar], _ index: inout Int, _ out: inout String.UnicodeScalarView,
    hashes: Int, quotes: Int
  ) {
    while index < chars.count {
      let char = chars[index]
      if char == "\\" && hashes == 0 {
        out.append(" ")
        if index + 1 < chars.count { out.append(chars[index + 1] == "\n" ? "\n" : " ") }
        index += 2
        continue
      }
      if char == "\"" {
        var closing = true
        for offset in 0..<quotes where index + offset >= chars.count || chars[index + offset] != "\"" {
          closing = false
        }
        if closing {
          for offset in 0..<hashes
          where index + quotes + offset >= chars.count || chars[index + quotes + offset] != "#" {
            closing = false
          }
        }
        if closing {
          for _ in 0..<(quotes + hashes) { out.append(" ") }
          index += quotes + hashes
          return
        }
      }
      if char == "\n" && quotes == 1 { return }  // unterminated single-line string: stop at line end
      out.append(char == "\n" ? "\n" : " ")
      index += 1
    }
  }
}
