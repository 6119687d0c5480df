/// Where a ``Shared`` value lives: in memory for the process, in a file, …
///
/// Every `@Shared` declared with equal keys (same type, same ``id``) holds the same value: a
/// change made through one is seen at once through all the others.
///
/// ```swift
/// @Shared(.inMemory("unreadCount")) var unreadCount = 0
/// @Shared(.fileStorage(.documentsDirectory.appending(path: "profile.json"))) var profile = Profile()
/// ```
public protocol SharedKey<Value>: Sendable {
  /// The type of value stored under the key.
  associatedtype Value: Sendable
  /// What tells two keys of the same type apart.
  associatedtype ID: Hashable & Sendable

  /// Two keys of the same type with equal ids share one value.
  var id: ID { get }

  /// The value stored under the key, or `nil` when nothing is stored there yet (the `@Shared`
  /// then starts from its default). Called once, on the first read of the value; report a
  /// problem (a corrupt file) and return `nil` rather than fail.
  func load() -> Value?

  /// Stores `value`, after every change. Report a problem rather than fail: the value stays in
  /// memory either way.
  func save(_ value: Value)
}
