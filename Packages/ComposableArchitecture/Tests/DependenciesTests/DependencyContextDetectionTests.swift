import Testing

@testable import Dependencies

struct DependencyContextDetectionTests {
  @Test func detect_xcodePreviewsVariable_isPreview() {
    let context = DependencyContext.detect(
      environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"], isTesting: false, executable: "/tmp/FanApp")
    #expect(context == .preview)
  }

  @Test func detect_xcodePreviewsVariableOtherThanOne_isLive() {
    let context = DependencyContext.detect(
      environment: ["XCODE_RUNNING_FOR_PREVIEWS": "0"], isTesting: false, executable: "/tmp/FanApp")
    #expect(context == .live)
  }

  @Test func detect_explicitContextAndXcodePreviews_explicitContextWins() {
    let context = DependencyContext.detect(
      environment: ["DEPENDENCIES_CONTEXT": "live", "XCODE_RUNNING_FOR_PREVIEWS": "1"],
      isTesting: false,
      executable: "/tmp/FanApp"
    )
    #expect(context == .live)
  }

  @Test func detect_noVariablesWhileTesting_isTest() {
    #expect(DependencyContext.detect(environment: [:], isTesting: true, executable: "fan") == .test)
  }

  @Test func detect_noVariablesInTestBundleBeforeFirstTest_isTest() {
    let context = DependencyContext.detect(
      environment: [:], isTesting: false, executable: "/build/debug/ComposableArchitecturePackageTests")
    #expect(context == .test)
  }

  @Test func detect_noVariablesInApp_isLive() {
    #expect(DependencyContext.detect(environment: [:], isTesting: false, executable: "fan") == .live)
  }
}
