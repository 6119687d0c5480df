/// One word or punctuation mark of a Swift file whose comments and strings were blanked.
struct Token: Equatable, Sendable {
  /// The token's text: an identifier (backticks kept), a keyword, `->`, or one punctuation mark.
  var text: String
  /// Offset of the token's first Unicode scalar in the file.
  var offset: Int
  /// Offset just past the token's last Unicode scalar.
  var end: Int
  /// 1-based line.
  var line: Int

  var isIdentifier: Bool {
    guard let first = text.unicodeScalars.first else { return false }
    return first == "_" || first == "`" || first == "$" || first.properties.isAlphabetic
      || ("0"..."9").contains(first)
  }

  /// Splits `stripped` (see `CommentStripper.strip`) into tokens.
  static func tokens(of stripped: [Unicode.Scalar]) -> [Token] {
    var tokens: [Token] = []
    var index = 0
    var line = 1
    func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
    while index < stripped.count {
      let scalar = stripped[index]
      if scalar == "\n" {
        line += 1
        index += 1
      } else if scalar.properties.isWhitespace {
        index += 1
      } else if scalar == "`" {
        var end = index + 1
        while end < stripped.count, stripped[end] != "`", stripped[end] != "\n" { end += 1 }
        end = min(end + 1, stripped.count)
        tokens.append(
          Token(
            text: String(String.UnicodeScalarView(stripped[index..<end])), offset: index, end: end, line: line
          ))
        index = end
      } else if isWordScalar(scalar) {
        var end = index + 1
        while end < stripped.count, isWordScalar(stripped[end]) { end += 1 }
        tokens.append(
          Token(
            text: String(String.UnicodeScalarView(stripped[index..<end])), offset: index, end: end, line: line
          ))
        index = end
      } else if scalar == "-", index + 1 < stripped.count, stripped[index + 1] == ">" {
        tokens.append(Token(text: "->", offset: index, end: index + 2, line: line))
        index += 2
      } else {
        tokens.append(Token(text: String(scalar), offset: index, end: index + 1, line: line))
        index += 1
      }
    }
    return tokens
  }
}
