import Foundation

/// Known violations, accepted for now: reported as `known`, never failing the check.
public struct Baseline: Sendable, Codable, Equatable {
  /// Violation keys (see `Violation.key`), sorted.
  public var known: [String]

  /// Creates a baseline of `known` keys.
  public init(known: [String]) { self.known = Array(Set(known)).sorted() }

  /// Reads a baseline file; a missing file is an empty baseline.
  public static func load(from url: URL) throws -> Baseline {
    guard FileManager.default.fileExists(atPath: url.path) else { return Baseline(known: []) }
    do {
      return try JSONDecoder().decode(Baseline.self, from: Data(contentsOf: url))
    } catch {
      throw GraphError("the baseline \(url.path) is not valid JSON ({\"known\": [...]}): \(error)")
    }
  }

  /// Writes the baseline as stable, diff-friendly JSON.
  public func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try (encoder.encode(self) + Data("\n".utf8)).write(to: url, options: .atomic)
  }
}
