import Foundation

/// What this module needs from the test frameworks, which it must not link: apps import it.
///
/// `ComposableArchitectureTesting`, which only test targets link, provides the one conformance,
/// and this module finds it at run time by its type's name, ``TestFramework/bridgeTypeName``.
package protocol TestFrameworkBridge: AnyObject, Sendable {
  /// The bridge of this process.
  static var shared: Self { get }

  /// Records `message` as a failure of the test running now, under whichever framework runs it.
  /// Returns `false` when it cannot tell that a test is running, so that the caller reports the
  /// issue elsewhere too.
  func recordFailure(_ message: String, at location: IssueLocation) -> Bool

  /// Identifies the test running now, or the case of a parameterized test, to keep test values
  /// apart between tests and between the cases of one test; `nil` outside a test.
  var currentTestID: String? { get }

  /// Whether a test framework is running tests in this process.
  var isRunningTests: Bool { get }
}

/// The running test framework, found at run time so that it works in any test runner: a test
/// process launched by SwiftPM or Xcode, or an app hosting its tests.
package enum TestFramework {
  /// The name of the type in `ComposableArchitectureTesting` that conforms to
  /// ``TestFrameworkBridge``.
  package static let bridgeTypeName = "ComposableArchitectureTesting.RunningTestFramework"

  /// The bridge, when a test target linked `ComposableArchitectureTesting` into this process.
  ///
  /// Looked up in the Swift runtime's type metadata, which every image registers on every
  /// platform, rather than as a symbol: a test executable does not export its symbols.
  package static let bridge: (any TestFrameworkBridge)? = {
    guard let type = _typeByName(bridgeTypeName) as? any TestFrameworkBridge.Type else { return nil }
    return type.shared
  }()

  /// Whether this process runs tests.
  static var isTesting: Bool {
    if let bridge, bridge.isRunningTests { return true }
    // Test runners that host tests in an app, before the bridge has seen a test start.
    let environment = ProcessInfo.processInfo.environment
    return environment["XCTestConfigurationFilePath"] != nil
      || environment["XCTestSessionIdentifier"] != nil
      || environment["XCTestBundlePath"] != nil
  }
}
