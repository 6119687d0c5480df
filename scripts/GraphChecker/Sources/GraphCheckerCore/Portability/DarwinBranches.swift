/// The `#if` branches that compile only on Apple platforms (`#if canImport(Darwin)`,
/// `#elseif os(macOS)`, the `#else` of `#if canImport(Glibc)`, …): code no Linux build
/// type-checks, listed so that it stays small and visible (`graph-checker darwin-branches`).
enum DarwinBranches {
  /// Condition words that make a branch Apple-only.
  static let darwinWords: Set<String> = [
    "Darwin", "macOS", "iOS", "tvOS", "watchOS", "visionOS", "UIKit", "AppKit", "ObjectiveC",
    "CoreFoundation",
  ]

  /// The first and last line of each Apple-only branch's body among `words` (a file's tokens with
  /// comments and strings blanked); a branch inside another such branch is part of it.
  static func ranges(in words: [ImportScanner.Token]) -> [ClosedRange<Int>] {
    // Per open `#if` chain: whether the current branch is Apple-only, where its body starts, and
    // whether every condition so far tested for Linux (then its `#else` is the Apple branch).
    var chains: [(darwin: Bool, start: Int, linux: Bool)] = []
    var result: [ClosedRange<Int>] = []
    var index = 0
    while index + 1 < words.count {
      guard words[index].text == "#" else {
        index += 1
        continue
      }
      let line = words[index].line
      let directive = words[index + 1].text
      let condition = words[(index + 2)...].prefix { $0.line == line }.map(\.text)
      // Linux-or-Darwin conditions (`canImport(Glibc) || canImport(Darwin)`) are not Apple-only.
      let darwin =
        condition.contains(where: darwinWords.contains) && !condition.contains("Glibc")
        && !condition.contains("Linux") && !condition.contains("||")
      let linux =
        condition.contains { ["Glibc", "Musl", "Linux"].contains($0) }
        && !condition.contains(where: darwinWords.contains)
      let enclosed = chains.dropLast().contains { $0.darwin }
      func close() {
        if let last = chains.last, last.darwin, !enclosed, line - 1 >= last.start {
          result.append(last.start...(line - 1))
        }
      }
      switch directive {
      case "if": chains.append((darwin, line + 1, linux))
      case "elseif":
        close()
        if let last = chains.popLast() { chains.append((darwin, line + 1, last.linux && linux)) }
      case "else":
        close()
        if let last = chains.popLast() { chains.append((last.linux, line + 1, false)) }
      case "endif":
        close()
        _ = chains.popLast()
      default: break
      }
      index += 2
    }
    return result
  }
}
