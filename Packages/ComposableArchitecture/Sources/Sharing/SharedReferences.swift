import Dependencies
import Synchronization

/// The references of every ``SharedKey`` in use: the same key gives the same reference.
///
/// A dependency, so that each test has its own: parallel tests sharing `.inMemory("count")`
/// never see each other's values.
final class SharedReferences: Sendable {
  private struct ReferenceID: Hashable, @unchecked Sendable {
    // `@unchecked`: `id` is a `SharedKey.ID`, which is `Sendable`.
    let keyType: ObjectIdentifier
    let id: AnyHashable

    init<Key: SharedKey>(_ key: Key) {
      self.keyType = ObjectIdentifier(Key.self)
      self.id = AnyHashable(key.id)
    }
  }

  private let references = Mutex<[ReferenceID: any SnapshotResettable]>([:])

  /// The reference for `key`, made on first use.
  func reference<Key: SharedKey>(for key: Key, initialValue: Key.Value) -> SharedReference<Key.Value> {
    reference(
      for: key, orMake: { SharedReference(load: { key.load() ?? initialValue }, save: { key.save($0) }) })
      ?? SharedReference(value: initialValue)
  }

  /// The reference for `key` when it is in use or a value is stored under the key; `nil` when
  /// neither, or when the key is in use with another type of value (reported).
  func requiredReference<Key: SharedKey>(for key: Key) -> SharedReference<Key.Value>? {
    let id = ReferenceID(key)
    if references.withLock({ $0[id] }) == nil {
      // Loaded outside the lock, as a first read does: a key may read the disk.
      guard let value = key.load() else { return nil }
      return reference(for: key, orMake: { SharedReference(load: { value }, save: { key.save($0) }) })
    }
    return reference(for: key, orMake: { nil })
  }

  /// The reference in use for `key`, or the one `make` makes, stored for it; `nil` when `make`
  /// makes none, or when `key` is in use with another type of value (reported).
  private func reference<Key: SharedKey>(
    for key: Key, orMake make: () -> SharedReference<Key.Value>?
  ) -> SharedReference<Key.Value>? {
    let id = ReferenceID(key)
    let found = references.withLock { references -> (any SnapshotResettable)? in
      if let existing = references[id] { return existing }
      let made = make()
      references[id] = made
      return made
    }
    guard let found else { return nil }
    if let reference = found as? SharedReference<Key.Value> { return reference }
    reportIssue(
      """
      '\(key.id)' is already shared with a value of another type than \(Key.Value.self).

      This one is not shared. To fix, give each value its own key.
      """)
    return nil
  }
}

extension DependencyValues {
  var sharedReferences: SharedReferences {
    get { self[SharedReferencesKey.self] }
    set { self[SharedReferencesKey.self] = newValue }
  }
}

enum SharedReferencesKey: DependencyKey {
  static let liveValue = SharedReferences()
  /// Made once per test (see `DependencyValues`), so each test starts with no shared values.
  static var testValue: SharedReferences { SharedReferences() }
  static var previewValue: SharedReferences { SharedReferences() }
}
