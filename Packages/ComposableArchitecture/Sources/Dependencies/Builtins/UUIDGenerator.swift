import Foundation
import Synchronization

/// Produces UUIDs; a dependency so that tests get predictable ones.
///
/// ```swift
/// @Dependency(\.uuid) var uuid
/// let id = uuid()
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator from a closure.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// Returns a new UUID.
  public func callAsFunction() -> UUID { generate() }

  /// Random UUIDs.
  public static let random = UUIDGenerator { UUID() }

  /// A generator that counts up from `00000000-0000-0000-0000-000000000000`, so tests can name
  /// the ids they expect.
  public static func incrementing() -> UUIDGenerator {
    let counter = Mutex<UInt64>(0)
    return UUIDGenerator {
      let value = counter.withLock { value in
        defer { value += 1 }
        return value
      }
      return UUID(incrementing: value)
    }
  }

  /// A generator that always returns `uuid`.
  public static func constant(_ uuid: UUID) -> UUIDGenerator {
    UUIDGenerator { uuid }
  }
}

extension UUID {
  /// The UUID whose last 12 hex digits are `value`: `UUID(incrementing: 1)` is
  /// `00000000-0000-0000-0000-000000000001`.
  public init(incrementing value: UInt64) {
    let hex = String(value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    self.init(uuidString: "00000000-0000-0000-0000-\(padded.suffix(12))")!
  }
}

extension DependencyValues {
  /// A UUID generator: random in apps, counting up from zero in tests.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.random
  static var testValue: UUIDGenerator { .incrementing() }
}
