/// Walks a file's tokens, keeping a stack of the braces it is inside, and records every type
/// declaration with the cases and stored properties directly in its body.
struct DeclarationScanner {
  private let tokens: [Token]
  private let stripped: [Unicode.Scalar]
  private let lines: [String]
  private var index = 0
  private var declarations: [Declaration] = []
  /// One entry per open brace: the declaration it opens, or `nil` for any other block.
  private var scopes: [Int?] = []

  init(tokens: [Token], stripped: [Unicode.Scalar], lines: [String]) {
    self.tokens = tokens
    self.stripped = stripped
    self.lines = lines
  }

  private static let typeKeywords: Set<String> = [
    "struct", "enum", "class", "actor", "protocol", "extension",
  ]
  private static let modifiers: Set<String> = [
    "public", "package", "internal", "private", "fileprivate", "open", "final", "indirect", "nonisolated",
  ]

  mutating func scan() -> [Declaration] {
    while index < tokens.count {
      let token = tokens[index]
      let previous = index > 0 ? tokens[index - 1].text : ""
      if Self.typeKeywords.contains(token.text), previous != ".", index + 1 < tokens.count,
        tokens[index + 1].isIdentifier
      {
        declaration()
      } else if token.text == "{" {
        scopes.append(nil)
        index += 1
      } else if token.text == "}" {
        if let last = scopes.popLast(), let declaration = last {
          declarations[declaration].bodyEnd = token.offset
        }
        index += 1
      } else if token.text == "case", let current = currentDeclaration, declarations[current].kind == .enum {
        caseList(into: current)
      } else if token.text == "var" || token.text == "let", let current = currentDeclaration,
        declarations[current].kind == .struct
      {
        property(into: current)
      } else {
        index += 1
      }
    }
    return declarations
  }

  private var currentDeclaration: Int? { scopes.last ?? nil }

  /// The full name of the innermost enclosing type (or extended type).
  private var enclosingPath: [String] {
    for scope in scopes.reversed() { if let scope { return declarations[scope].path } }
    return []
  }

  private mutating func declaration() {
    let keyword = tokens[index]
    let kind = Declaration.Kind(rawValue: keyword.text) ?? .struct
    var access: String?
    var back = index - 1
    while back >= 0, Self.modifiers.contains(tokens[back].text) {
      if ["public", "package", "private", "fileprivate", "open"].contains(tokens[back].text) {
        access = tokens[back].text == "open" ? "public" : tokens[back].text
      }
      back -= 1
    }
    index += 1
    var name = [unquoted(tokens[index].text)]
    index += 1
    while index + 1 < tokens.count, tokens[index].text == ".", tokens[index + 1].isIdentifier {
      name.append(unquoted(tokens[index + 1].text))
      index += 2
    }
    var isGeneric = false
    if index < tokens.count, tokens[index].text == "<" {
      isGeneric = true
      skipBalanced(open: "<", close: ">")
    }
    var inherited: [String] = []
    if index < tokens.count, tokens[index].text == ":" {
      index += 1
      var current: [Token] = []
      var depth = 0
      while index < tokens.count {
        let text = tokens[index].text
        if depth == 0, text == "{" || text == "where" { break }
        if text == "<" || text == "(" || text == "[" { depth += 1 }
        if text == ">" || text == ")" || text == "]" { depth -= 1 }
        if depth == 0, text == "," {
          inherited.append(typeText(current))
          current = []
        } else {
          current.append(tokens[index])
        }
        index += 1
      }
      if !current.isEmpty { inherited.append(typeText(current)) }
    }
    while index < tokens.count, tokens[index].text != "{" {
      // No body (`enum` as a word in an expression, a stray keyword): not a declaration.
      if tokens[index].text == "}" || tokens[index].text == ";" { return }
      index += 1
    }
    guard index < tokens.count else { return }
    let path = kind == .extension ? name : enclosingPath + name
    if let current = currentDeclaration { declarations[current].nestedTypes.append(name[0]) }
    declarations.append(
      Declaration(
        kind: kind, path: path, access: access, inherited: inherited, isGeneric: isGeneric,
        markers: markers(above: keyword.line), line: keyword.line, bodyEnd: tokens[index].offset, cases: [],
        properties: [], nestedTypes: []))
    scopes.append(declarations.count - 1)
    index += 1
  }

  private mutating func caseList(into declaration: Int) {
    index += 1
    while index < tokens.count, tokens[index].isIdentifier {
      let name = tokens[index]
      index += 1
      var payload: [EnumCase.Element] = []
      if index < tokens.count, tokens[index].text == "(" {
        let start = index + 1
        skipBalanced(open: "(", close: ")")
        payload = elements(Array(tokens[start..<(index - 1)]))
      }
      declarations[declaration].cases.append(
        EnumCase(name: unquoted(name.text), payload: payload, line: name.line))
      if index < tokens.count, tokens[index].text == "=" {
        // A raw value: a string (blanked to nothing), a number, `-1`, `1.5`. It ends at the line's
        // end, or at a comma or brace on its line.
        let line = tokens[index].line
        index += 1
        while index < tokens.count, tokens[index].line == line, ![",", "}", ";"].contains(tokens[index].text)
        {
          index += 1
        }
      }
      guard index < tokens.count, tokens[index].text == "," else { return }
      index += 1
    }
  }

  /// Splits a payload's tokens at its top-level commas into labelled or unlabelled elements.
  private func elements(_ payload: [Token]) -> [EnumCase.Element] {
    var result: [EnumCase.Element] = []
    var current: [Token] = []
    var depth = 0
    func finish() {
      guard !current.isEmpty else { return }
      var element = current
      if let equals = element.firstIndex(where: { $0.text == "=" }) { element = Array(element[..<equals]) }
      if element.count > 2, element[0].isIdentifier, element[1].text == ":" {
        let label = element[0].text == "_" ? nil : unquoted(element[0].text)
        result.append(EnumCase.Element(label: label, type: typeText(Array(element[2...]))))
      } else {
        result.append(EnumCase.Element(label: nil, type: typeText(element)))
      }
      current = []
    }
    for token in payload {
      if token.text == "<" || token.text == "(" || token.text == "[" { depth += 1 }
      if token.text == ">" || token.text == ")" || token.text == "]" { depth -= 1 }
      if depth == 0, token.text == "," {
        finish()
      } else {
        current.append(token)
      }
    }
    finish()
    return result
  }

  private mutating func property(into declaration: Int) {
    let keyword = tokens[index]
    let isStatic = index > 0 && (tokens[index - 1].text == "static" || tokens[index - 1].text == "class")
    index += 1
    guard index + 1 < tokens.count, tokens[index].isIdentifier, tokens[index + 1].text == ":" else { return }
    let name = unquoted(tokens[index].text)
    index += 2
    var type: [Token] = []
    var depth = 0
    var isStored = true
    while index < tokens.count {
      let token = tokens[index]
      if depth == 0, let last = type.last, token.line > last.line,
        !["->", "async", "throws", "&", "?", "!"].contains(token.text), !["->", "&", ","].contains(last.text)
      {
        break
      }
      if depth == 0, token.text == "{" {
        isStored = false
        break
      }
      if depth == 0, token.text == "=" || token.text == "}" || token.text == ";" { break }
      if token.text == "<" || token.text == "(" || token.text == "[" { depth += 1 }
      if token.text == ">" || token.text == ")" || token.text == "]" { depth -= 1 }
      type.append(token)
      index += 1
    }
    guard isStored, !isStatic, !type.isEmpty else { return }
    let placeholder = markers(above: keyword.line).compactMap { marker -> String? in
      guard marker.hasPrefix("placeholder ") else { return nil }
      return String(marker.dropFirst("placeholder ".count)).trimmingWhitespace()
    }.first
    declarations[declaration].properties.append(
      Property(name: name, type: typeText(type), line: keyword.line, placeholder: placeholder))
  }

  /// Moves past a balanced `open … close` group starting at the current token.
  private mutating func skipBalanced(open: String, close: String) {
    var depth = 0
    repeat {
      if tokens[index].text == open { depth += 1 }
      if tokens[index].text == close { depth -= 1 }
      index += 1
    } while depth > 0 && index < tokens.count
  }

  /// The source text the tokens span, with runs of white space (line breaks too) made one space
  /// and no space just inside brackets or before a comma.
  private func typeText(_ span: [Token]) -> String {
    guard let first = span.first, let last = span.last else { return "" }
    var text = ""
    var pendingSpace = false
    for scalar in stripped[first.offset..<last.end] {
      if scalar.properties.isWhitespace {
        pendingSpace = !text.isEmpty
        continue
      }
      if pendingSpace, !["(", "<", "["].contains(text.unicodeScalars.last ?? " "),
        ![")", ">", "]", ","].contains(scalar) || (scalar == ">" && text.hasSuffix("-"))
      {
        text.append(" ")
      }
      pendingSpace = false
      text.unicodeScalars.append(scalar)
    }
    return text
  }

  /// The `// codegen: …` markers in the comment and attribute lines right above `line`.
  private func markers(above line: Int) -> [String] {
    var result: [String] = []
    var current = line - 2  // `line` is 1-based; the line above it, 0-based
    while current >= 0 {
      let text = lines[current].trimmingWhitespace()
      guard text.hasPrefix("//") || text.hasPrefix("@") else { break }
      if text.hasPrefix("// codegen:") {
        result.append(String(text.dropFirst("// codegen:".count)).trimmingWhitespace())
      }
      current -= 1
    }
    return result
  }

  private func unquoted(_ name: String) -> String {
    name.hasPrefix("`") && name.hasSuffix("`") && name.count > 1 ? String(name.dropFirst().dropLast()) : name
  }
}
