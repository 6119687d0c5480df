import Synchronization

/// The collection of dependencies a feature can read with ``Dependency``.
///
/// Register a dependency by adding a computed property that reads and writes through a key:
///
/// ```swift
/// extension DependencyValues {
///   public var authClient: AuthClient {
///     get { self[AuthClient.self] }
///     set { self[AuthClient.self] = newValue }
///   }
/// }
/// ```
///
/// The current values live in a task local, so they flow into child tasks, and
/// ``withDependencies(_:operation:)-(_,()->R)`` changes them only for the code it runs.
///
/// A dependency that was not overridden is made once per context and then reused: once per
/// process for live and preview values, once per test for test values, so a stateful fake keeps
/// its state between reads within a test and starts afresh in the next one.
public struct DependencyValues: Sendable {
  @TaskLocal static var current = DependencyValues()

  /// Set while code changes dependencies (``withDependencies(_:operation:)-(_,()->R)``, a
  /// store's `withDependencies:`), so that reading a live-only key in order to override one of
  /// its endpoints does not report a missing test value.
  @TaskLocal static var isSetting = false

  fileprivate(set) var storage: [ObjectIdentifier: any Sendable] = [:] {
    didSet { identity = Self.nextIdentity() }
  }
  /// The context set explicitly, if any; `nil` means the process's own.
  private var explicitContext: DependencyContext? {
    didSet { identity = Self.nextIdentity() }
  }
  /// The cache of test values these values read from, when not the process's own: each
  /// `DependencyValues(context: .test)` starts its own, so that a test can start afresh inside
  /// `withDependencies { $0 = DependencyValues(context: .test) }`.
  private var testCache: UInt64? {
    didSet { identity = Self.nextIdentity() }
  }
  /// Changes with every change: values with equal identities are copies of one another, which
  /// lets a ``Dependency`` skip merging what it captured into identical current values.
  private(set) var identity: UInt64 = 0

  private static let identities = Atomic<UInt64>(0)

  private static func nextIdentity() -> UInt64 {
    identities.add(1, ordering: .relaxed).newValue
  }

  /// Creates dependency values for the process's context, with nothing overridden.
  public init() {}

  /// Creates dependency values for `context`, with nothing overridden.
  ///
  /// Test values start afresh: those made through these values are not those of the rest of
  /// the test, as in swift-dependencies, so a stateful fake starts from its initial state.
  /// Live and preview values are the process's.
  ///
  /// ```swift
  /// withDependencies { $0 = DependencyValues(context: .test) } operation: {
  ///   // every dependency that is not overridden is a new test value
  /// }
  /// ```
  public init(context: DependencyContext) {
    self.explicitContext = context
    if context == .test { self.testCache = Self.nextIdentity() }
    // `didSet` does not run in an initializer.
    self.identity = Self.nextIdentity()
  }

  var storedContext: DependencyContext {
    get { explicitContext ?? DependencyContext.processDefault }
    set { explicitContext = newValue }
  }

  /// The value for `key`: the override if one was set, otherwise the key's value for
  /// ``context``.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      // Unwrapped before the cast: a missing entry cast to an optional `Value` would succeed
      // and read as `nil`.
      if let stored = storage[ObjectIdentifier(key)], let value = stored as? Key.Value {
        return value
      }
      return DefaultValues.value(for: key, context: storedContext, testCache: testCache)
    }
    set {
      storage[ObjectIdentifier(key)] = newValue
    }
  }

  /// These values with every override in `other` applied on top; `other`'s context wins when it
  /// set one.
  func merging(_ other: DependencyValues) -> DependencyValues {
    if other.isEmpty { return self }
    if isEmpty { return other }
    var result = self
    result.storage.merge(other.storage) { _, new in new }
    if let context = other.explicitContext { result.explicitContext = context }
    if let testCache = other.testCache { result.testCache = testCache }
    return result
  }

  /// Whether nothing was overridden, no context was set and the test values are the test's own.
  var isEmpty: Bool { storage.isEmpty && explicitContext == nil && testCache == nil }

  /// Whether these are the process's plain values: nothing overridden and the process's own
  /// context. Stores skip installing such values on the hot path; a changed context alone
  /// must still be installed, or reducers would read the wrong defaults.
  package var isProcessDefault: Bool {
    storage.isEmpty && testCache == nil
      && (explicitContext == nil || explicitContext == DependencyContext.processDefault)
  }

  /// Applies `update` to these values as a change of dependencies: reading a live-only key on
  /// the way to overriding one of its endpoints reports nothing.
  package mutating func update(_ update: (inout DependencyValues) throws -> Void) rethrows {
    try DependencyValues.$isSetting.withValue(true) { try update(&self) }
  }
}
