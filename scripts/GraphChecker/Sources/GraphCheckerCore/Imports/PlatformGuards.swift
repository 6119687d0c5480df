extension ImportScanner {
  /// The lines inside a `#if` chain that tests the platform (`os(…)`, `canImport(…)`, a platform
  /// name): an import there compiles only where its condition holds, as a dependency limited by
  /// `.when(platforms:)` needs.
  static func platformGuardedLines(in words: [Token]) -> Set<Int> {
    var lines: Set<Int> = []
    var chains: [Bool] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      if word.text == "#", index + 1 < words.count {
        let directive = words[index + 1].text
        let condition = words[(index + 2)...].prefix { $0.line == word.line }.map(\.text)
        let isPlatform = condition.contains {
          $0 == "os" || $0 == "canImport" || PortabilityScanner.platformWords.contains($0)
        }
        switch directive {
        case "if": chains.append(isPlatform)
        case "elseif", "else": if let last = chains.popLast() { chains.append(last || isPlatform) }
        case "endif": _ = chains.popLast()
        default: break
        }
      } else if chains.contains(true) {
        lines.insert(word.line)
      }
      index += 1
    }
    return lines
  }
}
