import Synchronization

/// The dependencies each object returned by `withDependencies` was made with, so that
/// `withDependencies(from:)` reaches them from an object that holds no `@Dependency` of its own,
/// as swift-dependencies does. Entries are dropped once their object is gone.
enum DependencyObjects {
  private struct Entry: @unchecked Sendable {
    // Unchecked: the reference is only compared and tested for life, never used.
    weak var object: AnyObject?
    let values: DependencyValues
  }

  private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

  /// Remembers `values` for `result`, when it is an object.
  static func store<R>(_ result: R, madeWith values: DependencyValues) {
    guard type(of: result as Any) is AnyClass else { return }
    let object = result as AnyObject
    entries.withLock { entries in
      entries = entries.filter { $0.value.object != nil }
      entries[ObjectIdentifier(object)] = Entry(object: object, values: values)
    }
  }

  /// The dependencies `object` was made with inside `withDependencies`, if it was.
  static func values(of object: AnyObject) -> DependencyValues? {
    entries.withLock { entries in
      guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
      return entry.values
    }
  }
}
