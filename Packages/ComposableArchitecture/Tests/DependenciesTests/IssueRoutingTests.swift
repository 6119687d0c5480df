import Testing

@testable import Dependencies

@Suite struct IssueRoutingTests {
  @Test func processDefaultReporter_insideSwiftTestingTest_failsTheTest() {
    // The reporter every process starts with, before any test store installs its own.
    let location = IssueLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    withKnownIssue {
      StandardErrorIssueReporter().reportIssue("Reported before any test store", at: location)
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "Reported before any test store" }
    }
  }

  @Test func testFramework_foundWithoutLookingAtTheProcessName() {
    let bridge = TestFramework.bridge
    #expect(bridge != nil)
    #expect(bridge?.isRunningTests == true)
    #expect(bridge?.currentTestID != nil)
  }

  @Test func testFramework_outsideAnyTest_hasNoCurrentTest() async {
    // A detached task does not inherit the test's task locals, as code outside a test would not.
    let id = await Task.detached { TestFramework.bridge?.currentTestID }.value
    #expect(id == nil)
  }
}
