import SourceText

/// One `import` (or `canImport(...)` check) found in a source file.
public struct ImportStatement: Sendable, Equatable, Codable {
  /// The imported module (for `import struct M.T`, `M`).
  public var module: String
  /// The 1-based line of the statement.
  public var line: Int
  /// True for `#if canImport(M)`: it counts as a use of `M`, but does not require `M` to be declared.
  public var isCanImport: Bool
  /// True for `@testable import M`.
  public var isTestable = false

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
    imports(in: tokens(CommentStripper.strip(source)))
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
  static func tokens(_ code: String) -> [Token] { tokens(utf8: Array(code.utf8)) }

  /// Splits UTF-8 code into identifiers and single punctuation characters, in one pass over the
  /// bytes: the graph check tokenizes every file of the repository, and walking `Character`s
  /// (grapheme breaking, Unicode property look-ups for each one) cost most of its scanning time.
  ///
  /// A byte of a multi-byte character counts as part of an identifier (Swift allows Unicode
  /// letters in names; a Unicode operator next to a name is joined to it, which no import or
  /// portability pattern looks for). Whitespace is Swift's: space, tab, CR, LF, VT, FF, NUL.
  static func tokens(utf8 code: [UInt8]) -> [Token] {
    var result: [Token] = []
    result.reserveCapacity(code.count / 4)
    var line = 1
    var index = 0
    let count = code.count
    while index < count {
      let byte = code[index]
      if isIdentifierByte(byte) {
        let start = index
        while index < count, isIdentifierByte(code[index]) { index += 1 }
        result.append(Token(text: String(decoding: code[start..<index], as: UTF8.self), line: line))
        continue
      }
      if byte == UInt8(ascii: "\n") {
        line += 1
      } else if !isWhitespaceByte(byte) {
        result.append(Token(text: String(UnicodeScalar(byte)), line: line))
      }
      index += 1
    }
    return result
  }

  /// The tokens of a source file's UTF-8 bytes, comments and string contents left out.
  static func codeTokens(utf8 source: [UInt8]) -> [Token] {
    tokens(utf8: CommentStripper.blank(source))
  }

  @inline(__always)
  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
      return true
    default:
      return false
    }
  }

  @inline(__always)
  private static func isWhitespaceByte(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte) || byte == 0
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
    var isTestable = false
    while cursor >= 0 {
      if modifiers.contains(words[cursor].text) {
        start = cursor
        cursor -= 1
      } else if let attribute = attributeStart(words, endingAt: cursor) {
        isTestable = isTestable || words[attribute + 1].text == "testable"
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
    // ``import `FanProfile` `` names the module in backticks.
    if next + 1 < words.count, words[next].text == "`" { next += 1 }
    guard next < words.count, isIdentifier(words[next].text) else { return nil }
    var statement = ImportStatement(module: words[next].text, line: words[start].line)
    statement.isTestable = isTestable
    return statement
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
}
