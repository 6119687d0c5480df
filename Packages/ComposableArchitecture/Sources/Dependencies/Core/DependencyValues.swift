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
public struct DependencyValues: Sendable {
  @TaskLocal static var current = DependencyValues()

  private var storage: [ObjectIdentifier: any Sendable] = [:]
  var storedContext: DependencyContext

  /// Creates dependency values for the process's context, with nothing overridden.
  public init() {
    self.storedContext = DependencyContext.processDefault
  }

  /// Creates dependency values for `context`, with nothing overridden.
  public init(context: DependencyContext) {
    self.storedContext = context
  }

  /// The value for `key`: the override if one was set, otherwise the key's value for
  /// ``context``.
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage[ObjectIdentifier(key)] as? Key.Value { return value }
      return DefaultValues.value(for: key, context: storedContext)
    }
    set {
      storage[ObjectIdentifier(key)] = newValue
    }
  }

  /// These values with every override in `other` applied on top.
  func merging(_ other: DependencyValues) -> DependencyValues {
    var result = self
    result.storage.merge(other.storage) { _, new in new }
    return result
  }

  /// Whether these are the process's plain values: nothing overridden and the process's own
  /// context. Stores skip installing such values on the hot path; a changed context alone
  /// must still be installed, or reducers would read the wrong defaults.
  package var isProcessDefault: Bool {
    storage.isEmpty && storedContext == DependencyContext.processDefault
  }
}
