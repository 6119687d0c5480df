/// One broken rule, with where it is and how to fix it.
public struct Violation: Sendable, Codable, Equatable {
  /// The rule name (`implicit-import`, `layer`, `cycle`, …).
  public var rule: String
  /// The file, relative to the repository root.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// What is wrong.
  public var message: String
  /// How to fix it.
  public var fix: String
  /// A stable identity for the baseline: independent of line numbers, but naming the file of an
  /// import, so the same import in another file is not covered by the first one's entry.
  public var key: String
  /// Whether it fails the check (the rules' `severities`).
  public var severity: Severity = .error

  /// `file:line: error: [rule] message; fix: …` (`warning` or `known` in place of `error`).
  public func formatted(known: Bool) -> String {
    "\(file):\(line): \(known ? "known" : severity.rawValue): [\(rule)] \(message); fix: \(fix)"
  }
}
