import Dependencies
import Foundation
import Testing

/// Records the library's issues as test failures: with `Issue.record` inside a Swift Testing
/// test, with `XCTFail` inside an XCTest test, and on standard error anywhere else.
///
/// The `Dependencies` module routes issues the same way on its own, through
/// ``RunningTestFramework``; installing this reporter makes sure the bridge is found, and its
/// XCTest observer registered, as early as the first test store.
struct TestIssueReporter: IssueReporter {
  /// Makes this the process-wide reporter; every ``TestStore`` calls it.
  static func install() {
    _ = installation
  }

  private static let installation: Void = IssueReporters.install(TestIssueReporter())

  func reportIssue(_ message: String, at location: IssueLocation) {
    if RunningTestFramework.shared.recordFailure(message, at: location) { return }
    FileHandle.standardError.write(Data("[test failure] \(location): \(message)\n".utf8))
  }
}

extension IssueLocation {
  var sourceLocation: SourceLocation {
    SourceLocation(fileID: fileID, filePath: filePath, line: Int(line), column: Int(column))
  }
}

/// Reports an assertion the test chose not to make (non-exhaustive mode with
/// `showSkippedAssertions`), as a known issue, so it shows without failing the test.
/// Headed "Skipped assertions: …", as in TCA.
func reportSkippedAssertion(_ message: String, at location: IssueLocation) {
  let message = "Skipped assertions: …\n\n" + message
  if let collector = IssueReporters.currentOverride {
    collector.reportIssue(message, at: location)
  } else if Test.current != nil {
    withKnownIssue {
      Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
    }
  } else {
    FileHandle.standardError.write(Data("[skipped assertion] \(location): \(message)\n".utf8))
  }
}
