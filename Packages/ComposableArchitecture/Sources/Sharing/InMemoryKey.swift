/// A ``SharedKey`` for a value that lives in memory while the process runs, or, in a test,
/// while the test runs.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The name the value is shared under.
  public let id: String

  /// A key for the value shared under `name`.
  public init(_ name: String) {
    self.id = name
  }

  /// Nothing is stored beyond the process: the first reader's default wins.
  public func load() -> Value? { nil }

  /// Nothing to do: the value lives in the shared reference itself.
  public func save(_ value: Value) {}
}

extension SharedKey {
  /// A value shared in memory under `name`.
  ///
  /// ```swift
  /// @Shared(.inMemory("unreadCount")) var unreadCount = 0
  /// ```
  public static func inMemory<V>(_ name: String) -> Self where Self == InMemoryKey<V> {
    InMemoryKey(name)
  }
}
