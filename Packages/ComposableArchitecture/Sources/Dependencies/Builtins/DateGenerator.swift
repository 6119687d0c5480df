import Foundation

/// Produces the current date; a dependency so that tests can fix the time.
///
/// ```swift
/// @Dependency(\.date.now) var now
/// ```
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// Creates a generator from a closure.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date. Setting it fixes the date from then on, as ``constant(_:)`` does.
  ///
  /// ```swift
  /// store.dependencies.date.now = Date(timeIntervalSince1970: 1_234_567_890)
  /// ```
  public var now: Date {
    get { generate() }
    set { self = .constant(newValue) }
  }

  /// Returns the current date.
  public func callAsFunction() -> Date { generate() }

  /// A generator that always returns `date`.
  public static func constant(_ date: Date) -> DateGenerator {
    DateGenerator { date }
  }
}

extension DependencyValues {
  /// The current date.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static var testValue: DateGenerator {
    DateGenerator {
      reportIssue(
        """
        Unimplemented: @Dependency(\\.date) …

        To fix, override "date" in the test: "$0.date = .constant(…)".
        """)
      return Date(timeIntervalSince1970: 0)
    }
  }
}
