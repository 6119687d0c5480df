/// The open `#if` chains of a file as a scan meets their directives, and whether any of them
/// tests the platform: code there compiles only where its condition holds, as an import of a
/// `.when(platforms:)` dependency or a platform-only call needs.
struct PlatformChains {
  private static let directives: Set<String> = ["if", "elseif", "else", "endif"]
  private var chains: [Bool] = []

  /// Whether a chain that tests the platform encloses the scan's position.
  var isInsidePlatformCheck: Bool { chains.contains(true) }

  /// Reads the directive whose `#` is at `index`; false when none starts there.
  mutating func read(_ words: [ImportScanner.Token], at index: Int) -> Bool {
    guard index + 1 < words.count, words[index].text == "#", Self.directives.contains(words[index + 1].text)
    else { return false }
    let line = words[index].line
    // `canImport(M)` of any module counts: a module that may be missing (a system library target
    // conditioned on Linux, CommonCrypto) is how a seam picks its platform.
    let isPlatform = words[(index + 2)...].prefix { $0.line == line }.contains {
      PortabilityScanner.platformWords.contains($0.text) || $0.text == "canImport" || $0.text == "os"
    }
    switch words[index + 1].text {
    case "if": chains.append(isPlatform)
    case "elseif": if let last = chains.popLast() { chains.append(last || isPlatform) }
    case "endif": _ = chains.popLast()
    default: break
    }
    return true
  }
}

extension ImportScanner {
  /// The lines inside a `#if` chain that tests the platform (`os(…)`, `canImport(…)`, a platform
  /// name).
  static func platformGuardedLines(in words: [Token]) -> Set<Int> {
    var lines: Set<Int> = []
    var chains = PlatformChains()
    for index in words.indices where !chains.read(words, at: index) && words[index].text != "#" {
      if chains.isInsidePlatformCheck { lines.insert(words[index].line) }
    }
    return lines
  }
}
