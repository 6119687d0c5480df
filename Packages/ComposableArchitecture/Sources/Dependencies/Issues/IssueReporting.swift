import Foundation
import Synchronization

/// Where an issue was reported from.
public struct IssueLocation: Sendable, Equatable, CustomStringConvertible {
  public var fileID: String
  public var filePath: String
  public var line: UInt
  public var column: UInt

  /// Creates a location.
  public init(fileID: String, filePath: String, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  public var description: String { "\(fileID):\(line)" }
}

/// Receives the issues reported by the library: unimplemented dependencies, misuse of a store,
/// and test failures.
///
/// The default reporter records the issue as a failure of the running test, under Swift Testing
/// or XCTest, when a test target linked `ComposableArchitectureTesting`, and writes it to
/// standard error otherwise.
public protocol IssueReporter: Sendable {
  /// Handles one issue.
  func reportIssue(_ message: String, at location: IssueLocation)
}

/// Reports a problem a developer must fix, such as a dependency called in a test without
/// being overridden.
///
/// In an app it is printed to standard error and the program goes on; in a test it fails the
/// test at `fileID`/`line`.
public func reportIssue(
  _ message: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let location = IssueLocation(
    fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column
  )
  IssueReporters.report(message, at: location)
}

/// Reports a problem at a location captured earlier, such as where a reducer was built.
public func reportIssue(_ message: String, at location: IssueLocation) {
  IssueReporters.report(message, at: location)
}

/// Runs `operation` with `reporter` receiving every issue reported in it, instead of the
/// process-wide reporter. Lets tests assert on the exact failure messages.
///
/// ```swift
/// let issues = IssueCollector()
/// withIssueReporter(issues) { _ = try? await client.signIn("a", "b") }
/// #expect(issues.messages == ["Unimplemented: 'AuthClient.signIn'"])
/// ```
public func withIssueReporter<R>(_ reporter: any IssueReporter, operation: () throws -> R) rethrows -> R {
  try IssueReporters.$override.withValue(reporter, operation: operation)
}

/// Runs the asynchronous `operation` with `reporter` receiving every issue reported in it.
public func withIssueReporter<R>(
  _ reporter: any IssueReporter,
  isolation: isolated (any Actor)? = #isolation,
  operation: nonisolated(nonsending) () async throws -> R
) async rethrows -> R {
  try await IssueReporters.$override.withValueOnCallerActor(
    reporter, isolation: isolation, operation: operation)
}

/// An ``IssueReporter`` that keeps every message, for tests of failure messages.
public final class IssueCollector: IssueReporter {
  private let storage = Mutex<[String]>([])

  /// Creates an empty collector.
  public init() {}

  /// The messages reported so far, oldest first.
  public var messages: [String] { storage.withLock { $0 } }

  public func reportIssue(_ message: String, at location: IssueLocation) {
    storage.withLock { $0.append(message) }
  }
}

/// The process-wide issue reporter and its task-local override.
package enum IssueReporters {
  @TaskLocal static var override: (any IssueReporter)?

  /// The reporter installed by ``withIssueReporter(_:operation:)`` for the current task, if any.
  package static var currentOverride: (any IssueReporter)? { override }
  private static let installed = Mutex<any IssueReporter>(StandardErrorIssueReporter())

  /// Replaces the process-wide reporter; `ComposableArchitectureTesting` calls this.
  package static func install(_ reporter: any IssueReporter) {
    installed.withLock { $0 = reporter }
  }

  static func report(_ message: String, at location: IssueLocation) {
    if let override {
      override.reportIssue(message, at: location)
    } else {
      installed.withLock { $0 }.reportIssue(message, at: location)
    }
  }
}

/// Fails the running test when there is one (found through ``TestFramework``), and otherwise
/// prints issues to standard error, marked so they stand out from the program's own output.
struct StandardErrorIssueReporter: IssueReporter {
  func reportIssue(_ message: String, at location: IssueLocation) {
    if let bridge = TestFramework.bridge, bridge.recordFailure(message, at: location) { return }
    let text = "[runtime issue] \(location): \(message)\n"
    FileHandle.standardError.write(Data(text.utf8))
  }
}
