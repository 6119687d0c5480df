import XCTest

@testable import Dependencies

/// XCTest is detected by observing its test cases, not by the process's name. These tests are
/// XCTest cases because that is the framework under test.
final class XCTestRoutingTests: XCTestCase {
  private var recordedFailures: [String] = []
  private var isCapturingFailures = false

  override class func setUp() {
    super.setUp()
    // Finds the bridge, whose XCTest observer then sees this class's test cases start.
    _ = TestFramework.bridge
  }

  func testBridge_insideXCTestCase_knowsTheRunningTest() {
    XCTAssertEqual(TestFramework.bridge?.currentTestID, name)
    XCTAssertEqual(TestFramework.bridge?.isRunningTests, true)
  }

  func testProcessDefaultReporter_insideXCTestCase_failsTheTest() {
    let location = IssueLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    isCapturingFailures = true
    StandardErrorIssueReporter().reportIssue("Reported outside any test store", at: location)
    isCapturingFailures = false
    XCTAssertEqual(recordedFailures.count, 1)
    XCTAssertTrue(recordedFailures.first?.contains("Reported outside any test store") == true)
  }

  #if canImport(Darwin)
  override func record(_ issue: XCTIssue) {
    guard isCapturingFailures else { return super.record(issue) }
    recordedFailures.append(issue.compactDescription)
  }
  #else
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard isCapturingFailures else {
      return super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    recordedFailures.append(description)
  }
  #endif
}
