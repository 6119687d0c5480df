/// A key for a dependency that has test and preview values, but no live one.
///
/// Interface modules (`AuthClient`) conform their client to this protocol, so that only the
/// `…Live` module, which conforms to ``DependencyKey`` or builds the live value, knows the real
/// implementation.
///
/// ```swift
/// extension AuthClient: TestDependencyKey {
///   public static let testValue = AuthClient(signIn: unimplemented("AuthClient.signIn"))
///   public static let previewValue = AuthClient(signIn: { _, _ in .preview })
/// }
/// ```
public protocol TestDependencyKey {
  /// The type of value the key holds.
  associatedtype Value: Sendable

  /// The value used in tests. Make every endpoint fail loudly with ``unimplemented(_:fileID:filePath:line:column:)``
  /// so a test must say which endpoints it expects to be called.
  static var testValue: Value { get }

  /// The value used when running a feature in isolation (the terminal's previews).
  static var previewValue: Value { get }
}

/// A key for a dependency that also has a live value, used by the running apps.
///
/// The value type is inferred from `liveValue`. A key that declares no `testValue` reports, when
/// read from a test, that it has no test implementation, and uses its `previewValue` (by default
/// the live value), as swift-dependencies does.
///
/// ```swift
/// extension NumberFactClient: DependencyKey {
///   static let liveValue = NumberFactClient { n in "\(n) is a good number." }
/// }
/// ```
public protocol DependencyKey: TestDependencyKey {
  // With a default, the compiler infers `Value` from `liveValue` rather than giving up on the
  // inherited defaults of `testValue` and `previewValue`.
  associatedtype Value = Self

  /// The value used by the apps.
  static var liveValue: Value { get }

  // Restated so that `Value` is inferred from `liveValue` alone.
  /// The value used in tests.
  static var testValue: Value { get }

  /// The value used when running a feature in isolation.
  static var previewValue: Value { get }
}

extension TestDependencyKey {
  /// By default, previews use the test value.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// By default, previews use the live value.
  public static var previewValue: Value { liveValue }

  /// By default, a test reports that the key has no test implementation and uses the preview
  /// value (the live value, unless the key declares one), as swift-dependencies does. Overriding
  /// one endpoint of such a key in `withDependencies` reports nothing.
  public static var testValue: Value {
    if !DependencyValues.isSetting {
      reportNoTestImplementation(key: Self.self, value: Value.self)
    }
    return previewValue
  }
}

func typeName(_ type: Any.Type) -> String {
  String(reflecting: type).split(separator: ".").dropFirst().joined(separator: ".")
}
