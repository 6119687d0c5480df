import SourceText

/// Finds hand-written case routing whose two halves name different cases: a case path that
/// embeds into `.a` but extracts `.b`, or `Scope`/`ifLet`/`ifCaseLet`/`forEach` whose state and
/// action key paths differ. When the two cases hold the same payload type (two rooms, two
/// profiles) such a slip compiles and sends actions to the wrong screen.
enum SlipDetector {
  static func findings(in source: String, file: String) -> [Finding] {
    let tokens = Token.tokens(of: Array(CommentStripper.strip(source).unicodeScalars))
    var findings: [Finding] = []
    for index in tokens.indices {
      switch tokens[index].text {
      case "AnyCasePath":
        if let (embedded, extracted) = casePathNames(tokens, from: index), embedded != extracted {
          findings.append(
            Finding(
              file: file, line: tokens[index].line, rule: "case-path-slip",
              message: "this case path embeds into '.\(embedded)' but extracts from '.\(extracted)'",
              fix: "declare the enum `CasePathable` without an `AllCasePaths` and run scripts/codegen"))
        }
      case "Scope", "ifLet", "ifCaseLet", "forEach":
        // `Scope(state: \.self, action: \.view)` runs a reducer of the whole state on one case.
        if let (state, action) = scopeNames(tokens, from: index), state != action, state != "self" {
          findings.append(
            Finding(
              file: file, line: tokens[index].line, rule: "scope-slip",
              message: "\(tokens[index].text) pairs state '\\.\(state)' with action '\\.\(action)'",
              fix: "name the same case on both sides (for an enum of screens, mark the reducer "
                + "`// codegen: enum reducer` and let scripts/codegen write its body)"))
        }
      default:
        break
      }
    }
    return findings
  }

  /// For `AnyCasePath(Root.a) { if case .b(let v) = $0 … }` (or `embed:`/`extract:`), `(a, b)`.
  private static func casePathNames(_ tokens: [Token], from start: Int) -> (String, String)? {
    guard start + 1 < tokens.count, tokens[start + 1].text == "(" else { return nil }
    var index = start + 2
    var embedded: String?
    let limit = min(tokens.count, start + 60)
    while index < limit, tokens[index].text != "case" {
      if embedded == nil, tokens[index].isIdentifier, tokens[index - 1].text == ".",
        index + 1 < tokens.count, [")", ",", "("].contains(tokens[index + 1].text)
      {
        embedded = tokens[index].text
      }
      index += 1
    }
    guard let embedded, index + 2 < limit, tokens[index + 1].text == ".", tokens[index + 2].isIdentifier
    else { return nil }
    return (embedded, tokens[index + 2].text)
  }

  /// For `Scope(state: \.a, action: \.b)` or `.ifLet(\.a, action: \.b)`, `(a, b)` (`$` dropped).
  private static func scopeNames(_ tokens: [Token], from start: Int) -> (String, String)? {
    guard start + 1 < tokens.count, tokens[start + 1].text == "(" else { return nil }
    var index = start + 2
    if index + 1 < tokens.count, tokens[index].text == "state", tokens[index + 1].text == ":" { index += 2 }
    guard let state = keyPath(tokens, at: &index), index < tokens.count, tokens[index].text == ",",
      index + 2 < tokens.count, tokens[index + 1].text == "action", tokens[index + 2].text == ":"
    else { return nil }
    index += 3
    guard let action = keyPath(tokens, at: &index) else { return nil }
    return (state, action)
  }

  /// Reads `\.a.b` at `index`, returning `a.b` without `$`.
  private static func keyPath(_ tokens: [Token], at index: inout Int) -> String? {
    guard index < tokens.count, tokens[index].text == "\\" else { return nil }
    index += 1
    var parts: [String] = []
    while index + 1 < tokens.count, tokens[index].text == ".", tokens[index + 1].isIdentifier {
      parts.append(tokens[index + 1].text.replacingDollar())
      index += 2
    }
    return parts.isEmpty ? nil : parts.joined(separator: ".")
  }
}

extension String {
  fileprivate func replacingDollar() -> String { String(filter { $0 != "$" }) }
}
