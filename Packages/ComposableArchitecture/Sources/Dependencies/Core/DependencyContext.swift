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

  /// The context of this process: `preview` or `live` when the `DEPENDENCIES_CONTEXT` environment
  /// variable says so, `test` when a test framework is running it, `live` otherwise.
  static let processDefault: DependencyContext = {
    let environment = ProcessInfo.processInfo.environment
    if let name = environment["DEPENDENCIES_CONTEXT"], let context = DependencyContext(rawValue: name) {
      return context
    }
    if TestFramework.isTesting { return .test }
    // A test runner whose first read of a dependency came before its first test started.
    let executable = CommandLine.arguments.first ?? ""
    return executable.hasSuffix(".xctest") || executable.hasSuffix("PackageTests") ? .test : .live
  }()
}

extension DependencyValues {
  /// The context the dependencies resolve for.
  public var context: DependencyContext {
    get { storedContext }
    set { storedContext = newValue }
  }
}
