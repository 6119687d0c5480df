import Foundation

/// Where the code is running: an app, a preview, or a test. Decides which value a dependency
/// that was not overridden resolves to.
public enum DependencyContext: String, Sendable {
  /// A running app: ``DependencyKey/liveValue``.
  case live
  /// A feature run alone for a look: ``TestDependencyKey/previewValue``.
  case preview
  /// A test: ``TestDependencyKey/testValue``.
  case test

  /// The context of this process: `test` inside a test runner, `preview` when the
  /// `FROMM_CONTEXT=preview` environment variable is set, `live` otherwise.
  static let processDefault: DependencyContext = {
    let environment = ProcessInfo.processInfo.environment
    if let name = environment["FROMM_CONTEXT"], let context = DependencyContext(rawValue: name) {
      return context
    }
    let executable = CommandLine.arguments.first ?? ""
    if executable.hasSuffix(".xctest") || executable.hasSuffix("PackageTests")
      || environment["XCTestConfigurationFilePath"] != nil
      || environment["XCTestSessionIdentifier"] != nil
    {
      return .test
    }
    return .live
  }()
}

extension DependencyValues {
  /// The context the dependencies resolve for.
  public var context: DependencyContext {
    get { storedContext }
    set { storedContext = newValue }
  }
}
