import Synchronization

/// Resolves and caches the values of dependencies that were not overridden.
///
/// Live and preview values are made once per process, like singletons, because live values may
/// own resources (a database, a cache). Test values are made anew on every read so that a test
/// never sees state left behind by another test, and a missing test value is reported every time.
enum DefaultValues {
  private struct CacheKey: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
  }

  private static let cache = Mutex<[CacheKey: any Sendable]>([:])

  static func value<Key: TestDependencyKey>(for key: Key.Type, context: DependencyContext) -> Key.Value {
    switch context {
    case .test:
      return Key.testValue
    case .live, .preview:
      let cacheKey = CacheKey(key: ObjectIdentifier(key), context: context)
      if let cached = cache.withLock({ $0[cacheKey] }) as? Key.Value { return cached }
      let value = resolve(key, context: context)
      return cache.withLock { cache in
        if let raced = cache[cacheKey] as? Key.Value { return raced }
        cache[cacheKey] = value
        return value
      }
    }
  }

  private static func resolve<Key: TestDependencyKey>(
    _ key: Key.Type, context: DependencyContext
  )
    -> Key.Value
  {
    if context == .preview { return Key.previewValue }
    if let live = key as? any DependencyKey.Type {
      return liveValue(of: live) as! Key.Value
    }
    reportIssue(
      """
      Dependency '\(typeName(Key.self))' has no live implementation, but was read from a running app.

      Interface modules declare only test and preview values. To fix it, wire the live value where \
      the app builds its store, for example
        Store(initialState: …) { AppFeature() } withDependencies: { $0.… = .live(…) }
      """
    )
    return Key.testValue
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable {
    Key.liveValue
  }
}
