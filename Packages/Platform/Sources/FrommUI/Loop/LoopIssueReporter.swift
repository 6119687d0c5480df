import ComposableArchitecture

/// Sends runtime issues (an unimplemented dependency, an effect's unhandled error) to the
/// screen as an error banner, so a running app shows the problem instead of dying or
/// scribbling over its own screen on standard error.
struct LoopIssueReporter: IssueReporter {
  let show: @Sendable (String) -> Void

  func reportIssue(_ message: String, at location: IssueLocation) {
    show(message)
  }
}
