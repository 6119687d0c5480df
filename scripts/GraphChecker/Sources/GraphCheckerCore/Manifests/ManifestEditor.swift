/// Appends entries to the `products:`, `dependencies:` and `targets:` arrays of a `Package.swift`
/// text, leaving everything else as written (used by `scripts/new-feature`).
///
/// It reads the `Package(` call with a small scanner that skips strings and comments, so it works
/// with manifests that declare their dependencies through `let` variables or helper functions, as
/// long as the three arrays are literals in the call. Run `swift format` on the result.
public struct ManifestEditor: Sendable {
  /// An array argument of `Package(`.
  public enum Array: String, Sendable, CaseIterable {
    case products, dependencies, targets
  }

  /// The manifest text, edited in place by ``append(_:to:)``.
  public private(set) var text: String

  /// Creates an editor for `text`.
  public init(text: String) { self.text = text }

  /// Appends `entry` (a Swift expression, possibly several lines) as the last element of `array`.
  /// A `dependencies` entry already in the text (ignoring spaces) is skipped; returns whether it was
  /// added.
  @discardableResult
  public mutating func append(_ entry: String, to array: Array) throws -> Bool {
    let squeezed = { (text: String) in text.filter { !$0.isWhitespace } }
    if array == .dependencies, squeezed(text).contains(squeezed(entry)) { return false }
    let chars = Swift.Array(text)
    guard let found = Self.arrays(in: chars)[array] else {
      throw GraphError(
        "cannot find a literal `\(array.rawValue): [ … ]` array in the Package( call; add this by hand:\n\(entry)"
      )
    }
    let lineStart = chars[..<found.close].lastIndex(of: "\n").map { $0 + 1 } ?? 0
    let closeOnOwnLine = chars[lineStart..<found.close].allSatisfy { $0 == " " || $0 == "\t" }
    var result = chars
    if closeOnOwnLine {
      let indent = String(chars[lineStart..<found.close]) + "  "
      let lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
      result.insert(contentsOf: lines.joined(separator: "\n") + ",\n", at: lineStart)
    } else {
      result.insert(contentsOf: " " + entry, at: found.close)
    }
    if let last = found.lastSignificant, chars[last] != ",", chars[last] != "[" {
      result.insert(",", at: last + 1)
    }
    text = String(result)
    return true
  }

  /// Where each array argument of the `Package(` call closes, and its last significant character.
  private static func arrays(in chars: [Character]) -> [Array: (close: Int, lastSignificant: Int?)] {
    var result: [Array: (close: Int, lastSignificant: Int?)] = [:]
    guard let call = find(Swift.Array("Package("), in: chars) else { return result }
    var depth = 0
    var index = call + "Package".count
    var current: Array?
    var lastSignificant: Int?
    var lastWord = ""
    while index < chars.count {
      let char = chars[index]
      if char == "/", index + 1 < chars.count, chars[index + 1] == "/" {
        while index < chars.count, chars[index] != "\n" { index += 1 }
        continue
      }
      if char == "/", index + 1 < chars.count, chars[index + 1] == "*" {
        index += 2
        while index + 1 < chars.count, !(chars[index] == "*" && chars[index + 1] == "/") { index += 1 }
        index += 2
        continue
      }
      if char == "\"" {
        index += 1
        while index < chars.count, chars[index] != "\"", chars[index] != "\n" {
          index += chars[index] == "\\" ? 2 : 1
        }
        lastSignificant = index
        index += 1
        continue
      }
      switch char {
      case "(", "[":
        depth += 1
        if char == "[", depth == 2, current == nil { current = Array(rawValue: lastWord) }
      case ")", "]":
        if depth == 2, char == "]", let array = current {
          result[array] = (index, lastSignificant)
          current = nil
        }
        depth -= 1
        if depth == 0 { return result }
      default: break
      }
      if char.isLetter || char.isNumber || char == "_" {
        lastWord =
          (index > 0 && (chars[index - 1].isLetter || chars[index - 1].isNumber || chars[index - 1] == "_"))
          ? lastWord + String(char) : String(char)
      }
      if !char.isWhitespace { lastSignificant = index }
      index += 1
    }
    return result
  }

  private static func find(_ needle: [Character], in chars: [Character]) -> Int? {
    guard needle.count <= chars.count else { return nil }
    for start in 0...(chars.count - needle.count)
    where chars[start..<(start + needle.count)].elementsEqual(needle) {
      return start
    }
    return nil
  }
}
