/// An endpoint's closure type taken apart, to write the labelled method that `@DependencyClient`
/// would: `var login: @Sendable (_ email: String, _ password: String) async throws -> User` gives
/// `func login(email: String, password: String) async throws -> User`.
struct EndpointSignature: Equatable, Sendable {
  /// One parameter: its name (`nil` for an unnamed one) and type.
  struct Parameter: Equatable, Sendable {
    var name: String?
    var type: String
  }

  /// `@MainActor` and other global actors the closure is isolated to (not `@Sendable`).
  var isolation: [String]
  var parameters: [Parameter]
  /// `async`, `throws`, `throws(E)`, as written, in order.
  var effects: String
  /// The result type (`Void` when none is written).
  var result: String

  /// Reads a closure type as `DeclarationScanner` writes it, or `nil` for anything else (an
  /// optional closure, a value).
  init?(_ type: String) {
    var rest = Substring(type)
    var isolation: [String] = []
    while rest.hasPrefix("@") {
      let attribute = rest.prefix { $0 != " " && $0 != "(" }
      if attribute != "@Sendable", attribute != "@escaping" { isolation.append(String(attribute)) }
      rest = rest.dropFirst(attribute.count).drop { $0 == " " }
    }
    guard rest.hasPrefix("("), let close = Self.matchingParenthesis(rest) else { return nil }
    let tail = rest[rest.index(after: close)...].trimmingWhitespace()
    guard let arrow = tail.range(of: "->") else { return nil }
    self.isolation = isolation
    self.effects = tail[..<arrow.lowerBound].trimmingWhitespace()
    self.result = tail[arrow.upperBound...].trimmingWhitespace()
    self.parameters = Self.topLevelParts(rest[rest.index(after: rest.startIndex)..<close]).map { part in
      // `_ email: String`; a function type's parameter has no argument label of its own.
      let words = part.split(separator: ":", maxSplits: 1)
      let head = words[0].split(separator: " ")
      guard words.count == 2, head.count == 2, head[0] == "_" else { return Parameter(name: nil, type: part) }
      return Parameter(name: String(head[1]), type: words[1].trimmingWhitespace())
    }
  }

  /// Whether a labelled method adds anything: at least one parameter has a name.
  var hasNames: Bool { parameters.contains { $0.name != nil } }

  private static func matchingParenthesis(_ text: Substring) -> Substring.Index? {
    var depth = 0
    for index in text.indices {
      if text[index] == "(" { depth += 1 }
      if text[index] == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// `text` split at the commas outside brackets, each part trimmed; none for empty text.
  private static func topLevelParts(_ text: Substring) -> [String] {
    var parts: [String] = []
    var current = ""
    var depth = 0
    var previous: Character = " "
    for character in text {
      if "([<".contains(character) { depth += 1 }
      if ")]".contains(character) || (character == ">" && previous != "-") { depth -= 1 }
      if depth == 0, character == "," {
        parts.append(current.trimmingWhitespace())
        current = ""
      } else {
        current.append(character)
      }
      previous = character
    }
    let last = current.trimmingWhitespace()
    if !last.isEmpty { parts.append(last) }
    return parts
  }
}
