import Foundation

/// Writes what `@CasePathable` would: one ``AnyCasePath`` per case in a nested `AllCasePaths`,
/// `allCasePaths`, and an optional accessor per payload case (`action.view` is the `view` case's
/// payload or `nil`). `is(\.case)` and `[case: \.case]` come with every `CasePathable` from the library.
///
/// Each case path is built from the case's own name on both sides, so two cases with the same
/// payload type cannot be crossed.
struct CasePathsRenderer: Sendable {
  var qualifier: TypeQualifier

  func render(_ declaration: Declaration) -> String {
    let access = declaration.accessPrefix
    let root = declaration.name
    let names = declaration.cases.map { "`\\.\($0.name)`" }
    let listed =
      names.count > 3 ? names.prefix(3).joined(separator: ", ") + ", …" : names.joined(separator: ", ")
    var out = "extension \(root) {\n"
    out += "  /// The case paths of ``\(declaration.docName)``: \(listed).\n"
    out += "  \(access)struct AllCasePaths: Sendable {\n"
    for enumCase in declaration.cases {
      let value = qualifier.qualify(enumCase.valueType, in: declaration.path)
      let name = Identifier.escaped(enumCase.name)
      out += "    /// The `\(enumCase.name)` case.\n"
      out += "    \(access)var \(name): AnyCasePath<\(root), \(value)> {\n"
      out += "      AnyCasePath(embed: \(embed(enumCase, root: root)), extract: \(extract(enumCase)))\n"
      out += "    }\n"
    }
    out += "  }\n\n"
    out += "  /// The case paths of ``\(declaration.docName)``.\n"
    out += "  \(access)static var allCasePaths: AllCasePaths { AllCasePaths() }\n"
    for enumCase in declaration.cases where !enumCase.payload.isEmpty {
      let value = qualifier.qualify(enumCase.valueType, in: declaration.path)
      out += "\n  /// The payload of the `\(enumCase.name)` case, or `nil` in another case.\n"
      out += "  \(access)var \(Identifier.escaped(enumCase.name)): \(optional(value)) {\n"
      out += "    \(extract(enumCase).dropFirst(2).dropLast(2).replacingDollarZero(with: "self"))\n"
      out += "  }\n"
    }
    out += "}\n"
    return out
  }

  private func optional(_ type: String) -> String {
    type.hasPrefix("any ") || type.hasPrefix("some ") || type.contains("->") ? "(\(type))?" : "\(type)?"
  }

  private func embed(_ enumCase: EnumCase, root: String) -> String {
    let name = Identifier.escaped(enumCase.name)
    switch enumCase.payload.count {
    case 0:
      return "{ _ in \(root).\(name) }"
    case 1:
      guard let label = enumCase.payload[0].label else { return "\(root).\(name)" }
      return "{ \(root).\(name)(\(label): $0) }"
    default:
      let arguments = enumCase.payload.enumerated().map { offset, element in
        (element.label.map { "\($0): " } ?? "") + "$0.\(offset)"
      }
      return "{ \(root).\(name)(\(arguments.joined(separator: ", "))) }"
    }
  }

  private func extract(_ enumCase: EnumCase) -> String {
    let name = Identifier.escaped(enumCase.name)
    switch enumCase.payload.count {
    case 0:
      return "{ if case .\(name) = $0 { () } else { nil } }"
    case 1:
      return "{ if case .\(name)(let value) = $0 { value } else { nil } }"
    default:
      let values = enumCase.payload.indices.map { "value\($0)" }
      let bindings = values.map { "let \($0)" }.joined(separator: ", ")
      return "{ if case .\(name)(\(bindings)) = $0 { (\(values.joined(separator: ", "))) } else { nil } }"
    }
  }
}

extension StringProtocol {
  /// The text with the closure parameter `$0` replaced, for turning an extract closure's body into
  /// an accessor's.
  func replacingDollarZero(with replacement: String) -> String {
    var result = ""
    var rest = Substring(self)
    while let range = rest.range(of: "$0") {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
