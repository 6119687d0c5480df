/// Swift keywords that must be escaped with backticks to be used as names.
enum Identifier {
  static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout",
    "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
    "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any",
    "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try",
  ]

  /// `name`, in backticks when it is a keyword.
  static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }
}
