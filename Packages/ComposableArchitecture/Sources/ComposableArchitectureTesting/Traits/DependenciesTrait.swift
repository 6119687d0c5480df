import Dependencies
import Testing

/// A Swift Testing trait that runs a test, or every test of a suite, with its dependencies
/// changed, as swift-dependencies' `.dependencies` and `.dependency` traits do.
///
/// ```swift
/// @Test(.dependency(\.continuousClock, ImmediateClock()))
/// func signIn_success_showsInbox() async { … }
///
/// @Suite(.dependencies { $0.uuid = .incrementing })
/// struct ComposerTests { … }
/// ```
///
/// Each test, and each case of a parameterized test, already gets its own test values without
/// the trait; the bare `.dependencies` is accepted for code written for swift-dependencies. A
/// test store made in the test starts from these dependencies, as from any others current when
/// it is made.
public struct DependenciesTrait: TestTrait, SuiteTrait, TestScoping {
  let updateValues: @Sendable (inout DependencyValues) -> Void

  /// Applies to every test of a suite it is given to.
  public var isRecursive: Bool { true }

  /// Runs the test, or one case of it, with the changed dependencies.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies {
      updateValues(&$0)
    } operation: {
      try await function()
    }
  }
}

extension Trait where Self == DependenciesTrait {
  /// Runs the test with its own dependencies, changed by nothing.
  public static var dependencies: Self {
    DependenciesTrait { _ in }
  }

  /// Runs the test with its dependencies changed by `updateValues`.
  ///
  /// ```swift
  /// @Test(.dependencies { $0.date.now = Date(timeIntervalSince1970: 0) })
  /// ```
  public static func dependencies(
    _ updateValues: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> Self {
    DependenciesTrait(updateValues: updateValues)
  }

  /// Runs the test with the dependency at `keyPath` set to `value`, made anew for each test.
  ///
  /// ```swift
  /// @Test(.dependency(\.uuid, .incrementing))
  /// ```
  public static func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () -> Value
  ) -> Self {
    DependenciesTrait { $0[keyPath: keyPath] = value() }
  }
}
