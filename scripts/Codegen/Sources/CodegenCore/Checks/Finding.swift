/// A problem the generator found, printed as `file:line: error: [rule] message; fix: …`.
public struct Finding: Equatable, Sendable, CustomStringConvertible {
  /// The file, relative to the repository's root.
  public var file: String
  /// 1-based line, or 0 for the whole file.
  public var line: Int
  /// A short name of what is wrong: `case-path-slip`, `stale`, ….
  public var rule: String
  /// What is wrong.
  public var message: String
  /// How to fix it.
  public var fix: String

  /// Creates a finding.
  public init(file: String, line: Int, rule: String, message: String, fix: String) {
    self.file = file
    self.line = line
    self.rule = rule
    self.message = message
    self.fix = fix
  }

  /// The finding as one line.
  public var description: String {
    "\(file):\(max(line, 1)): error: [\(rule)] \(message); fix: \(fix)"
  }
}
