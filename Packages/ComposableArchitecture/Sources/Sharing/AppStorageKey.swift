import Dependencies

/// A ``SharedKey`` for a small value kept in the app's `UserDefaults`, as swift-sharing's
/// `.appStorage`: read on first access, written after every change.
///
/// Tests keep the values in memory, each test its own (see ``UserDefaultsStorage``).
public struct AppStorageKey<Value: AppStorageValue>: SharedKey {
  /// The `UserDefaults` key.
  public let key: String
  private let storage: UserDefaultsStorage

  /// A key for the value stored under `key`, through the current
  /// `@Dependency(\.defaultAppStorage)`.
  public init(_ key: String) {
    @Dependency(\.defaultAppStorage) var storage
    self.key = key
    self.storage = storage
  }

  /// The `UserDefaults` key: two `@Shared` of one key share one value.
  public var id: String { key }

  /// The stored value; `nil` when there is none, or when it is of another type (reported).
  public func load() -> Value? {
    guard let stored = storage.value(key) else { return nil }
    if let value = Value(appStorageValue: stored) { return value }
    reportIssue(
      """
      The app storage holds a \(type(of: stored)) under '\(key)', not a \(Value.self).

      The value starts from its default, and replaces what is stored on its next change. To fix \
      it, give each value its own key.
      """)
    return nil
  }

  /// Stores `value`; `nil` (an optional's) removes the entry.
  public func save(_ value: Value) {
    storage.setValue(value.appStorageValue, key)
  }
}

extension SharedKey {
  /// A value kept in the app's `UserDefaults` under `key`.
  ///
  /// ```swift
  /// @Shared(.appStorage("hasSeenOnboarding")) var hasSeenOnboarding = false
  /// ```
  public static func appStorage<V>(_ key: String) -> Self where Self == AppStorageKey<V> {
    AppStorageKey(key)
  }
}
