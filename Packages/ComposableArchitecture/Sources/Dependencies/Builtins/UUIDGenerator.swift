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
  /// the ids they expect: `UUID(0)`, `UUID(1)`, … Each read of this property starts a new count.
  ///
  /// ```swift
  /// $0.uuid = .incrementing
  /// ```
  public static var incrementing: UUIDGenerator {
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
    // Big-endian into the last six bytes; built from bytes, so no string can fail to parse.
    let byte = { (shift: UInt64) in UInt8(truncatingIfNeeded: value >> shift) }
    self.init(
      uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)))
  }

  /// The test UUID numbered `value`, as ``UUIDGenerator/incrementing`` makes them: `UUID(0)` is
  /// `00000000-0000-0000-0000-000000000000`. A negative number counts as zero.
  ///
  /// ```swift
  /// await store.send(.addButtonTapped) {
  ///   $0.todos = [Todo(id: UUID(0))]
  /// }
  /// ```
  public init(_ value: Int) {
    self.init(incrementing: UInt64(max(0, value)))
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
  static var testValue: UUIDGenerator { .incrementing }
}
