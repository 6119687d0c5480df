import Dependencies

/// Where a `.run` effect was created, kept as the compiler's static strings: made on every
/// effect, it must cost nothing, while an ``IssueLocation``'s strings are allocated. It becomes
/// one only when there is an issue to report.
@usableFromInline
struct EffectLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  var issueLocation: IssueLocation {
    IssueLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
  }
}
