/// Reads a dependency from the current ``DependencyValues``.
///
/// ```swift
/// struct SignInUsernameFeature: Reducer {
///   @Dependency(\.authClient.checkExistAccount) var checkExistAccount
///   @Dependency(\.continuousClock) var clock
/// }
/// ```
///
/// The value is looked up when it is read, so a reducer sees the dependencies of the store that
/// runs it, and an effect sees the dependencies that were current when the reducer returned it.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let read: @Sendable (DependencyValues) -> Value

  /// Reads the dependency at `keyPath`, which may reach into one endpoint of a client.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.read = { $0[keyPath: keyPath] }
  }

  /// Reads the dependency registered under `key`, for keys without a `DependencyValues` property.
  ///
  /// ```swift
  /// @Dependency(NumberFactClient.self) var numberFact
  /// ```
  public init<Key: TestDependencyKey & SendableMetatype>(_ key: Key.Type) where Key.Value == Value {
    self.read = { $0[Key.self] }
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    read(DependencyValues.current)
  }
}
