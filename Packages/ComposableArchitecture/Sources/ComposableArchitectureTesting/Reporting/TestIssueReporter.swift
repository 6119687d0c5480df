import Dependencies
import Foundation
import Synchronization
import Testing

#if canImport(XCTest)
import XCTest
#endif

/// Records the library's issues as test failures: with `Issue.record` inside a Swift Testing
/// test, with `XCTFail` inside an XCTest test, and on standard error anywhere else.
struct TestIssueReporter: IssueReporter {
  private static let isInstalled = Mutex(false)

  /// Makes this the process-wide reporter, once; every ``TestStore`` calls it.
  static func install() {
    let first = isInstalled.withLock { installed -> Bool in
      defer { installed = true }
      return !installed
    }
    if first { IssueReporters.install(TestIssueReporter()) }
  }

  func reportIssue(_ message: String, at location: IssueLocation) {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
      return
    }
    #if canImport(XCTest)
    if Self.isRunningXCTest {
      XCTFail("\(location.fileID):\(location.line): \(message)")
      return
    }
    #endif
    FileHandle.standardError.write(Data("[test failure] \(location): \(message)\n".utf8))
  }

  /// Whether this process is a test runner, where `XCTFail` has a test to fail.
  private static let isRunningXCTest: Bool = {
    let executable = CommandLine.arguments.first ?? ""
    return executable.hasSuffix(".xctest") || executable.contains("PackageTests")
  }()
}

extension IssueLocation {
  var sourceLocation: SourceLocation {
    SourceLocation(fileID: fileID, filePath: filePath, line: Int(line), column: Int(column))
  }
}

/// Reports an assertion the test chose not to make (non-exhaustive mode with
/// `showSkippedAssertions`), as a known issue, so it shows without failing the test.
func reportSkippedAssertion(_ message: String, at location: IssueLocation) {
  if let collector = IssueReporters.currentOverride {
    collector.reportIssue("Skipped assertion: " + message, at: location)
  } else if Test.current != nil {
    withKnownIssue {
      Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
    }
  } else {
    FileHandle.standardError.write(Data("[skipped assertion] \(location): \(message)\n".utf8))
  }
}
