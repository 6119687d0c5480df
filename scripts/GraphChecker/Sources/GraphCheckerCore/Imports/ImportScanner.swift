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
  public static func imports(in source: String) -> [ImportStatement] {
    let code = stripCommentsAndStrings(source)
    var result: [ImportStatement] = []
    for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let words = tokens(line)
      if let module = importedModule(words) {
        result.append(ImportStatement(module: module, line: index + 1))
      }
      for module in canImportModules(words) {
        result.append(ImportStatement(module: module, line: index + 1, isCanImport: true))
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

  /// Splits a line into identifiers and single punctuation characters.
  private static func tokens(_ line: Substring) -> [String] {
    var result: [String] = []
    var current = ""
    for char in line {
      if char.isLetter || char.isNumber || char == "_" {
        current.append(char)
      } else {
        if !current.isEmpty { result.append(current) }
        current = ""
        if !char.isWhitespace { result.append(String(char)) }
      }
    }
    if !current.isEmpty { result.append(current) }
    return result
  }

  private static func importedModule(_ words: [String]) -> String? {
    var index = 0
    // Attributes such as `@testable`, `@_exported`, `@preconcurrency`, `@_spi(X)`.
    while index < words.count {
      if words[index] == "@", index + 1 < words.count {
        index += 2
        if index < words.count, words[index] == "(" {
          while index < words.count, words[index] != ")" { index += 1 }
          index += 1
        }
      } else if modifiers.contains(words[index]) {
        index += 1
      } else {
        break
      }
    }
    guard index < words.count, words[index] == "import" else { return nil }
    index += 1
    if index < words.count, kinds.contains(words[index]) { index += 1 }
    guard index < words.count, let first = words[index].first, first.isLetter || first == "_" else {
      return nil
    }
    return words[index]
  }

  private static func canImportModules(_ words: [String]) -> [String] {
    guard words.first == "#" else { return [] }
    var result: [String] = []
    for index in words.indices where words[index] == "canImport" {
      if index + 2 < words.count, words[index + 1] == "(" { result.append(words[index + 2]) }
    }
    return result
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
