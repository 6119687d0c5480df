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
  /// variable says so, `preview` inside Xcode's previews, `test` when a test framework is running
  /// it, `live` otherwise.
  static let processDefault = detect(
    environment: ProcessInfo.processInfo.environment,
    isTesting: TestFramework.isTesting,
    executable: CommandLine.arguments.first ?? ""
  )

  /// The context that a process with this environment, test state and executable runs in.
  static func detect(
    environment: [String: String], isTesting: Bool, executable: String
  )
    -> DependencyContext
  {
    if let name = environment["DEPENDENCIES_CONTEXT"], let context = DependencyContext(rawValue: name) {
      return context
    }
    // Xcode sets this in the process that renders a SwiftUI preview, which is neither a test nor
    // an app a person uses: live dependencies there would reach real servers from the canvas.
    if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
    if isTesting { return .test }
    // A test runner whose first read of a dependency came before its first test started.
    return executable.hasSuffix(".xctest") || executable.hasSuffix("PackageTests") ? .test : .live
  }
}

extension DependencyValues {
  /// The context the dependencies resolve for.
  public var context: DependencyContext {
    get { storedContext }
    set { storedContext = newValue }
  }
}
