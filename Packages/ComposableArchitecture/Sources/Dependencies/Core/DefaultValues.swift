import Synchronization

/// Resolves and caches the values of dependencies that were not overridden.
///
/// Each value is made once per context and then reused, as a singleton would be: live values
/// may own resources (a database, a cache), and a stateful fake must keep its state between two
/// reads. Test values are cached per test, so a test never sees state left behind by another.
enum DefaultValues {
  private struct CacheKey: Hashable, Sendable {
    let key: ObjectIdentifier
    let context: DependencyContext
    let test: String?
    /// The `DependencyValues(context: .test)` that started its own test values, if any.
    let testCache: UInt64?
  }

  private struct Entry: Sendable {
    let value: any Sendable
    /// Whether it was read; only a prepared value can be in the cache unread.
    var wasRead: Bool
  }

  private static let cache = Mutex<[CacheKey: Entry]>([:])

  static func value<Key: TestDependencyKey>(
    for key: Key.Type, context: DependencyContext, testCache: UInt64?
  ) -> Key.Value {
    let test = context == .test ? TestFramework.bridge?.currentTestID : nil
    let cacheKey = CacheKey(
      key: ObjectIdentifier(key), context: context, test: test,
      testCache: context == .test ? testCache : nil)
    let cached = cache.withLock { cache -> (any Sendable)? in
      guard let entry = cache[cacheKey] else { return nil }
      if !entry.wasRead { cache[cacheKey]?.wasRead = true }
      return entry.value
    }
    if let cached, let value = cached as? Key.Value { return value }
    // Made outside the lock: a value may read other dependencies while it is made.
    let value = resolve(key, context: context)
    // A read made while overriding an endpoint is not cached: the value it made may have
    // skipped a report that a later plain read must make.
    if DependencyValues.isSetting && context == .test { return value }
    return cache.withLock { cache in
      if let raced = cache[cacheKey]?.value, let value = raced as? Key.Value { return value }
      cache[cacheKey] = Entry(value: value, wasRead: true)
      return value
    }
  }

  /// Makes `values` the defaults of their keys in `context`, for the current test when it is
  /// the test context; keys already read keep their value, and are reported.
  static func prepare(
    _ values: [ObjectIdentifier: any Sendable], context: DependencyContext, at location: IssueLocation
  ) {
    let test = context == .test ? TestFramework.bridge?.currentTestID : nil
    let alreadyRead = cache.withLock { cache in
      var alreadyRead = 0
      for (key, value) in values {
        let cacheKey = CacheKey(key: key, context: context, test: test, testCache: nil)
        if cache[cacheKey]?.wasRead == true {
          alreadyRead += 1
        } else {
          cache[cacheKey] = Entry(value: value, wasRead: false)
        }
      }
      return alreadyRead
    }
    guard alreadyRead > 0 else { return }
    let subject =
      alreadyRead == 1 ? "A dependency has" : "\(alreadyRead) dependencies have"
    reportIssue(
      """
      \(subject) already been accessed or prepared. …

      "prepareDependencies" did not change \(alreadyRead == 1 ? "it" : "them"): code that read a \
      dependency may hold on to it, so a dependency can be prepared only once, before its first \
      read. To fix, call "prepareDependencies" first thing where the app starts, or use \
      "withDependencies" to override a dependency in a well-defined scope.
      """,
      at: location
    )
  }

  private static func resolve<Key: TestDependencyKey>(
    _ key: Key.Type, context: DependencyContext
  ) -> Key.Value {
    switch context {
    case .test:
      return Key.testValue
    case .preview:
      return Key.previewValue
    case .live:
      if let live = key as? any DependencyKey.Type, let value = liveValue(of: live) as? Key.Value {
        return value
      }
      reportIssue(
        """
        A dependency has no live implementation, but was accessed from a live context. …

          Key:
            \(typeName(Key.self))

        Interface modules declare only test and preview values. To fix, conform the key to \
        "DependencyKey" with a live value linked into the app, or override it where the app \
        builds its store ("Store(initialState: …) { AppFeature() } withDependencies: { … }").
        """
      )
      return Key.testValue
    }
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable {
    Key.liveValue
  }
}
