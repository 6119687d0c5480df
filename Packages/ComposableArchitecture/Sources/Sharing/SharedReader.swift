/// A shared value a feature reads but never changes, as swift-sharing's `@SharedReader`.
///
/// ```swift
/// struct Header: Reducer {
///   struct State: Equatable {
///     @SharedReader(.inMemory("unreadCount")) var unreadCount = 0
///   }
///   …
/// }
/// ```
///
/// Made from a key, or from a ``Shared`` a parent hands over (`SharedReader($count)`); it sees
/// every change made through the `Shared`s of the same value.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  let shared: Shared<Value>

  /// The value shared under `key`, starting from `wrappedValue` when nothing is stored there.
  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    self.shared = Shared(wrappedValue: wrappedValue, key)
  }

  /// The value shared under the key of `key`, starting from its default.
  public init<Base: SharedKey<Value>>(_ key: SharedKeyDefault<Base>) {
    self.shared = Shared(key)
  }

  /// A read-only view of `shared`.
  public init(_ shared: Shared<Value>) {
    self.shared = shared
  }

  /// A value read by whoever is handed this reader, stored nowhere else and never changed.
  public init(value: Value) {
    self.shared = Shared(value: value)
  }

  /// The reader handed over by a parent: `_count = SharedReader(projectedValue: count)`.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The shared value, as of now.
  public var wrappedValue: Value { shared.wrappedValue }

  /// This reader itself, to hand to a child.
  public var projectedValue: SharedReader<Value> { self }

  /// A part of the shared value, read in turn: `$profile.name`.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> SharedReader<Member> {
    SharedReader<Member>(shared[dynamicMember: keyPath])
  }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Whether the values are equal, compared as ``Shared`` compares them.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.shared == rhs.shared }
}

extension SharedReader: CustomReflectable {
  /// Reflects the value, so that dumps and diffs show it rather than the reference.
  public var customMirror: Mirror { shared.customMirror }
}

extension SharedReader: CustomStringConvertible {
  /// The value as `String(reflecting:)` writes it.
  public var description: String { shared.description }
}
