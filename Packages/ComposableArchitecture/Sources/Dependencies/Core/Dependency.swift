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
/// The overrides current when the wrapper was made are kept too, beneath those current at the
/// read: an object made inside ``withDependencies(_:operation:)-(_,()->R)`` keeps seeing them.
///
/// ```swift
/// @MainActor final class FactModel {
///   @Dependency(\.numberFact) var numberFact
/// }
/// let model = withDependencies { $0.numberFact = .mock } operation: { FactModel() }
/// // model.numberFact is .mock, wherever the model is used.
/// ```
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let read: @Sendable (DependencyValues) -> Value
  private let initialValues: DependencyValues

  /// Reads the dependency at `keyPath`, which may reach into one endpoint of a client.
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.read = { $0[keyPath: keyPath] }
    self.initialValues = DependencyValues.current
  }

  /// Reads the dependency registered under `key`, for keys without a `DependencyValues` property.
  ///
  /// ```swift
  /// @Dependency(NumberFactClient.self) var numberFact
  /// ```
  public init<Key: TestDependencyKey & SendableMetatype>(_ key: Key.Type) where Key.Value == Value {
    self.read = { $0[Key.self] }
    self.initialValues = DependencyValues.current
  }

  /// The overrides current when this wrapper was made.
  var capturedValues: DependencyValues { initialValues }

  /// The dependency's current value.
  public var wrappedValue: Value {
    let current = DependencyValues.current
    // The common cases, a wrapper made with nothing overridden or read with the values it was
    // made with, merge nothing.
    if initialValues.isEmpty || initialValues.identity == current.identity { return read(current) }
    let values = initialValues.merging(current)
    // Installed, so that a value made on this read sees the same dependencies.
    return DependencyValues.$current.withValue(values) { read(values) }
  }
}
