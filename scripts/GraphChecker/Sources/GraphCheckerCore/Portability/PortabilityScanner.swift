import SourceText

/// A use of something that does not exist on every platform the repository builds for.
public struct PortabilityUse: Sendable, Codable, Equatable {
  /// The API as the rules name it (`Task.immediate`, `Glibc`).
  public var api: String
  /// The 1-based line.
  public var line: Int
  /// The file, relative to the repository root (set by the loader).
  public var file: String = ""
  /// For an availability-gated API: the minimum versions that `#available`/`@available` around
  /// the use guarantee (`["macOS": 26]`); empty when nothing guards it.
  public var guarded: [String: Version]
  /// For a platform-only API: whether a `#if canImport(…)`/`#if os(…)` chain encloses it.
  public var insidePlatformCheck: Bool
}

/// A dotted version (`15`, `18.0`, `26.1`) compared numerically.
public struct Version: Sendable, Codable, Equatable, Comparable, CustomStringConvertible {
  /// The numeric parts.
  public var parts: [Int]

  /// Parses `15`, `18.0`; `nil` when not a version.
  public init?(_ text: String) {
    let parts = text.split(separator: ".").map { Int($0) }
    guard !parts.isEmpty, !parts.contains(nil) else { return nil }
    self.parts = parts.compactMap { $0 }
  }

  /// `15.0` → `15`, `15.4` → `15.4`.
  public var description: String {
    var parts = parts
    while parts.count > 1, parts.last == 0 { parts.removeLast() }
    return parts.map(String.init).joined(separator: ".")
  }

  public static func < (lhs: Version, rhs: Version) -> Bool {
    for index in 0..<max(lhs.parts.count, rhs.parts.count) {
      let left = index < lhs.parts.count ? lhs.parts[index] : 0
      let right = index < rhs.parts.count ? rhs.parts[index] : 0
      if left != right { return left < right }
    }
    return false
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let version = Version(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a version: \(text)"))
    }
    self = version
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// Finds, in Swift source, uses of availability-gated APIs (with the `#available`/`@available`
/// guarantees around each) and of platform-only APIs (with whether a platform `#if` encloses it).
///
/// Text-based like ``ImportScanner``: comments and strings are ignored; scopes are followed by
/// braces, so `if #available(macOS 26, *) { … }`, `guard #available(…) else { … }` (for the rest
/// of the scope) and `@available(macOS 26, *)` on a declaration with a body are understood.
public enum PortabilityScanner {
  /// Platform names that make a `#if` chain a platform check, besides any `os(…)` or
  /// `canImport(…)` condition.
  static let platformWords: Set<String> = [
    "Glibc", "Musl", "Darwin", "Linux", "Android", "macOS", "iOS", "tvOS", "watchOS", "visionOS", "Windows",
    "WinSDK", "WASILibc",
  ]

  private static let availabilityPlatforms: Set<String> = [
    "macOS", "iOS", "tvOS", "watchOS", "visionOS", "macCatalyst",
  ]

  /// Uses of `gated` APIs (token sequences such as `Task.immediate`) and `platformOnly` names.
  public static func uses(in source: String, gated: [String], platformOnly: [String]) -> [PortabilityUse] {
    uses(
      in: ImportScanner.tokens(CommentStripper.strip(source)), gated: gated,
      platformOnly: platformOnly)
  }

  /// The gated API names by their first identifier (`utf8Span` for `.utf8Span`), so most tokens
  /// of a file cost one dictionary lookup: built once for every file of a check. `offset` is that
  /// identifier's position in the name's tokens (1 after a leading `.`).
  typealias GatedIndex = [String: [(name: String, tokens: [String], offset: Int)]]

  /// The index of `gated` names.
  static func index(_ gated: [String]) -> GatedIndex {
    var index: GatedIndex = [:]
    for name in gated {
      let tokens = ImportScanner.tokens(name).map(\.text)
      let offset = tokens.first == "." ? 1 : 0
      if offset < tokens.count { index[tokens[offset], default: []].append((name, tokens, offset)) }
    }
    return index
  }

  /// The uses among `words` (the tokens of a file with comments and strings blanked).
  static func uses(
    in words: [ImportScanner.Token], gated: [String], platformOnly: [String]
  ) -> [PortabilityUse] {
    uses(in: words, gatedByFirst: index(gated), platformOnly: Set(platformOnly))
  }

  /// The uses among `words` of the indexed gated names and the platform-only names.
  static func uses(
    in words: [ImportScanner.Token], gatedByFirst: GatedIndex, platformOnly platformOnlySet: Set<String>
  ) -> [PortabilityUse] {
    // Scope stack: the availability guaranteed inside each brace scope.
    var scopes: [[String: Version]] = [[:]]
    var pending: [String: Version]?
    var chains = PlatformChains()
    var directiveLine = -1
    var lastControl = ""
    var result: [PortabilityUse] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      if word.text == "#", index + 1 < words.count {
        let next = words[index + 1].text
        if chains.read(words, at: index) {
          directiveLine = word.line
          index += 2
          continue
        }
        if next == "available", let (versions, end) = availability(words, from: index + 2) {
          if lastControl == "guard" {
            scopes[scopes.count - 1].merge(versions) { max($0, $1) }
          } else {
            pending = versions
          }
          index = end
          continue
        }
      }
      if word.text == "@", index + 1 < words.count, words[index + 1].text == "available",
        let (versions, end) = availability(words, from: index + 2)
      {
        if !versions.isEmpty { pending = versions }
        index = end
        continue
      }
      if word.line == directiveLine {  // a `#if` condition names modules, it does not use them
        index += 1
        continue
      }
      switch word.text {
      case "if", "guard", "while": lastControl = word.text
      case "{":
        var inner = scopes[scopes.count - 1]
        if let pending { inner.merge(pending) { max($0, $1) } }
        pending = nil
        scopes.append(inner)
        lastControl = ""
      case "}":
        if scopes.count > 1 { scopes.removeLast() }
        lastControl = ""
      default: break
      }
      let previous = index > 0 ? words[index - 1].text : ""
      if platformOnlySet.contains(word.text), previous != "." {
        result.append(
          PortabilityUse(
            api: word.text, line: word.line, guarded: [:], insidePlatformCheck: chains.isInsidePlatformCheck))
      }
      for (name, tokens, offset) in gatedByFirst[word.text] ?? []
      where index >= offset && index - offset + tokens.count <= words.count
        && (offset == 1 || previous != ".")
        && zip(words[(index - offset)...], tokens).allSatisfy({ $0.text == $1 })
      {
        result.append(
          PortabilityUse(
            api: name, line: word.line,
            guarded: scopes[scopes.count - 1].merging(pending ?? [:]) { max($0, $1) },
            insidePlatformCheck: chains.isInsidePlatformCheck))
      }
      index += 1
    }
    return result
  }

  /// Parses `(macOS 26, iOS 26.0, *)` starting at the `(`: the versions and the index after `)`.
  private static func availability(
    _ words: [ImportScanner.Token], from start: Int
  ) -> ([String: Version], Int)? {
    guard start < words.count, words[start].text == "(" else { return nil }
    var versions: [String: Version] = [:]
    var index = start + 1
    var depth = 1
    while index < words.count, depth > 0 {
      let text = words[index].text
      if text == "(" { depth += 1 }
      if text == ")" { depth -= 1 }
      if availabilityPlatforms.contains(text),
        index + 1 < words.count
      {
        // Versions tokenize as `26`, or `26` `.` `1` (the dot is punctuation).
        var number = ""
        var cursor = index + 1
        while cursor < words.count, words[cursor].text.allSatisfy(\.isNumber) || words[cursor].text == "." {
          number += words[cursor].text
          cursor += 1
        }
        if let version = Version(number) { versions[text] = version }
      }
      index += 1
    }
    return (versions, index)
  }
}
