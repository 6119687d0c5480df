/// Swift keywords that must be escaped with backticks to be used as names.
enum Identifier {
  /// Reserved words; contextual keywords (`open`, `package`, `some`) are names wherever a name goes.
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
    "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any",
    "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
  ]

  /// `name`, in backticks when it is a keyword, for a declaration or an expression.
  static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

  /// `name` as an argument label, where Swift takes every keyword but `inout`, `var` and `let`
  /// as it is (and warns about backticks around the others).
  static func label(_ name: String) -> String { ["inout", "var", "let"].contains(name) ? "`\(name)`" : name }
}
