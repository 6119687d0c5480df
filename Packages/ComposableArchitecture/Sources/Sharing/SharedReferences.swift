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
  }

  private let references = Mutex<[ReferenceID: any SnapshotResettable]>([:])

  /// The reference for `key`, made on first use.
  func reference<Key: SharedKey>(for key: Key, initialValue: Key.Value) -> SharedReference<Key.Value> {
    let id = ReferenceID(keyType: ObjectIdentifier(Key.self), id: AnyHashable(key.id))
    let (reference, mismatch) = references.withLock { references -> (SharedReference<Key.Value>, Bool) in
      if let existing = references[id] {
        if let reference = existing as? SharedReference<Key.Value> { return (reference, false) }
        return (SharedReference(value: initialValue), true)
      }
      let reference = SharedReference(
        load: { key.load(initialValue: initialValue) }, save: { key.save($0) })
      references[id] = reference
      return (reference, false)
    }
    if mismatch {
      reportIssue(
        """
        '\(key.id)' is already shared with a value of another type than \(Key.Value.self).

        This one is not shared. To fix, give each value its own key.
        """)
    }
    return reference
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
