/// Reads `// codegen: enum reducer`, optionally followed by the generated `Action`'s conformances in
/// parentheses: `// codegen: enum reducer (Action: Equatable)`, like TCA's
/// `@Reducer(action: .equatable)`.
enum EnumReducerMarker {
  static let keyword = "enum reducer"

  /// The conformances listed for `Action` (none for the bare marker), or `nil` when the marker
  /// says something else.
  static func actionConformances(_ marker: String) -> [String]? {
    let rest = marker.dropFirst(keyword.count).trimmingWhitespace()
    if rest.isEmpty { return [] }
    guard rest.hasPrefix("("), rest.hasSuffix(")") else { return nil }
    let inside = rest.dropFirst().dropLast().trimmingWhitespace()
    guard inside.hasPrefix("Action:") else { return nil }
    let names = inside.dropFirst("Action:".count).split(separator: ",").map { $0.trimmingWhitespace() }
    guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else { return nil }
    return names
  }
}
