import SourceText

/// A Swift file read as text: its declarations, imports and markers, found with comments and
/// strings blanked so that neither can be mistaken for code.
struct SourceFile: Sendable {
  /// The file's path, as given.
  var path: String
  /// The file's text.
  var text: String
  /// The file's lines, without their line breaks.
  var lines: [String]
  /// The type declarations and extensions, in the order their bodies open.
  var declarations: [Declaration]
  /// The import lines, as written.
  var imports: [String]

  /// Reads `text` as the contents of `path`.
  init(path: String, text: String) {
    self.path = path
    self.text = text
    self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let stripped = Array(CommentStripper.strip(text).unicodeScalars)
    let tokens = Token.tokens(of: stripped)
    var scanner = DeclarationScanner(tokens: tokens, stripped: stripped, lines: lines)
    self.declarations = scanner.scan()
    let strippedLines = String(String.UnicodeScalarView(stripped)).split(
      separator: "\n", omittingEmptySubsequences: false)
    self.imports = zip(strippedLines, lines).compactMap { stripped, line in
      let words = stripped.split(separator: " ")
      guard let index = words.firstIndex(of: "import"), index <= 2 else { return nil }
      guard words[..<index].allSatisfy({ $0.hasPrefix("@") || SourceFile.accessWords.contains(String($0)) })
      else { return nil }
      return line.trimmingWhitespace()
    }
  }

  static let accessWords: Set<String> = ["public", "package", "internal", "private", "fileprivate", "open"]
}

extension StringProtocol {
  func trimmingWhitespace() -> String {
    var scalars = Substring(self).unicodeScalars[...]
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
