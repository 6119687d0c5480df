import Dependencies

/// Reports a programming mistake at the location of the reducer that noticed it.
@usableFromInline
func reportMisuse(_ message: String, at location: IssueLocation) {
  reportIssue(message, at: location)
}

/// A short description of a value, on one line, for misuse reports.
@usableFromInline
func debugCaseName(_ value: Any) -> String {
  debugDumpLine(value, limit: 200)
}

extension IssueLocation {
  /// The location of a call site.
  @usableFromInline
  init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
    self.init(fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
  }
}
