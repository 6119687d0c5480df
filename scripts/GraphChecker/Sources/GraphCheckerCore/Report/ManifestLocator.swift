/// Finds lines in a `Package.swift` text so reports point at the declaration to edit.
///
/// Works on the text alone (no SwiftPM): a target declaration is a `.target(`/`.testTarget(`/…
/// call inside a `targets:` array whose `name:` is the module; a dependency is the module's quoted
/// name inside that call's `dependencies:` array. When the manifest is written some other way
/// (helper functions, variables), it falls back to the first line naming the module, then line 1.
public struct ManifestLocator: Sendable {
  private let chars: [Character]
  private let lineStarts: [Int]

  private static let targetCalls: Set<String> = [
    "target", "executableTarget", "testTarget", "systemLibrary", "binaryTarget", "plugin", "macro",
  ]

  /// Creates a locator for `text`.
  public init(text: String) {
    chars = Array(text)
    var starts = [0]
    for (index, char) in chars.enumerated() where char == "\n" { starts.append(index + 1) }
    lineStarts = starts
  }

  /// The 1-based line of the first occurrence of `needle`, or 1.
  public func line(containing needle: String) -> Int {
    offsets(of: needle).first.map(line(at:)) ?? 1
  }

  /// The line of target `name`'s declaration (its `name:` argument), not a product naming it.
  public func targetLine(_ name: String) -> Int {
    targetNameOffset(name).map(line(at:)) ?? line(containing: "\"\(name)\"")
  }

  /// The line declaring `dependency` in target `target`'s `dependencies:`, else the target's line.
  public func dependencyLine(target: String, dependency: String) -> Int {
    guard let start = targetNameOffset(target), let open = enclosingOpener(before: start, bracket: "(")
    else { return targetLine(target) }
    let end = matchingCloser(of: open)
    // The quoted name, or a variable bound to it (`let commonKit = .product(name: "CommonKit", …)`).
    var needles = ["\"\(dependency)\""]
    needles += variables(naming: dependency)
    for needle in needles {
      for offset in offsets(of: needle) where offset > open && offset < end && isWord(needle, at: offset) {
        if let array = enclosingOpener(before: offset, bracket: "["), label(before: array) == "dependencies" {
          return line(at: offset)
        }
      }
    }
    return targetLine(target)
  }

  /// Names of `let`/`var` declarations whose line quotes `name`.
  private func variables(naming name: String) -> [String] {
    var result: [String] = []
    for offset in offsets(of: "\"\(name)\"") {
      let start = lineStarts[line(at: offset) - 1]
      let words = String(chars[start..<offset]).split(whereSeparator: {
        !$0.isLetter && !$0.isNumber && $0 != "_"
      })
      if words.count >= 2, words[0] == "let" || words[0] == "var" { result.append(String(words[1])) }
    }
    return result
  }

  /// Whether `needle` at `offset` is not part of a longer identifier.
  private func isWord(_ needle: String, at offset: Int) -> Bool {
    func isIdentifier(_ index: Int) -> Bool {
      index >= 0 && index < chars.count
        && (chars[index].isLetter || chars[index].isNumber || chars[index] == "_")
    }
    return needle.hasPrefix("\"") || (!isIdentifier(offset - 1) && !isIdentifier(offset + needle.count))
  }

  /// Offset of `name: "X"` inside a target call within a `targets:` array (or any target call).
  private func targetNameOffset(_ name: String) -> Int? {
    var loose: Int?
    for offset in offsets(of: "name: \"\(name)\"") {
      guard let open = enclosingOpener(before: offset, bracket: "("),
        Self.targetCalls.contains(identifier(before: open))
      else { continue }
      let array = enclosingOpener(before: open, bracket: "[").map(label(before:))
      if array == "targets" { return offset }
      if array != "dependencies", loose == nil { loose = offset }
    }
    return loose
  }

  private func offsets(of needle: String) -> [Int] {
    let pattern = Array(needle)
    guard !pattern.isEmpty, pattern.count <= chars.count else { return [] }
    var result: [Int] = []
    for start in 0...(chars.count - pattern.count) where chars[start] == pattern[0] {
      if Array(chars[start..<(start + pattern.count)]) == pattern { result.append(start) }
    }
    return result
  }

  private func line(at offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low + 1
  }

  /// The offset of the innermost unclosed `bracket` (`(` or `[`) before `offset`.
  private func enclosingOpener(before offset: Int, bracket: Character) -> Int? {
    var depth = 0
    var index = offset - 1
    while index >= 0 {
      switch chars[index] {
      case ")", "]": depth += 1
      case "(", "[":
        if depth == 0 {
          if chars[index] == bracket { return index }
          if bracket == "(" { return nil }  // a `[` between us and the call: not its argument
        } else {
          depth -= 1
        }
      default: break
      }
      index -= 1
    }
    return nil
  }

  private func matchingCloser(of open: Int) -> Int {
    var depth = 0
    for index in open..<chars.count {
      switch chars[index] {
      case "(", "[": depth += 1
      case ")", "]":
        depth -= 1
        if depth == 0 { return index }
      default: break
      }
    }
    return chars.count
  }

  /// The identifier right before `offset` (`target` in `.target(`).
  private func identifier(before offset: Int) -> String {
    var index = offset - 1
    var result: [Character] = []
    while index >= 0, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" {
      result.insert(chars[index], at: 0)
      index -= 1
    }
    return String(result)
  }

  /// The argument label before the `[` at `offset` (`dependencies` in `dependencies: [`).
  private func label(before offset: Int) -> String {
    var index = offset - 1
    while index >= 0, chars[index].isWhitespace { index -= 1 }
    guard index >= 0, chars[index] == ":" else { return "" }
    index -= 1
    while index >= 0, chars[index].isWhitespace { index -= 1 }
    return identifier(before: index + 1)
  }
}
