import Dependencies

extension Shared {
  /// The value shared under `key`, which must hold one already: in use by another `@Shared`,
  /// or stored where the key keeps its values (a file, the app's storage). As swift-sharing's,
  /// it throws rather than start from a default.
  ///
  /// ```swift
  /// guard let profile = try? Shared(require: .fileStorage(profileURL)) else {
  ///   return .send(.onboardingStarted)
  /// }
  /// ```
  ///
  /// - Throws: ``SharedValueMissing`` when nothing is shared or stored under `key`.
  public init(require key: some SharedKey<Value>) throws {
    @Dependency(\.sharedReferences) var references
    guard let reference = references.requiredReference(for: key) else {
      throw SharedValueMissing(key: "\(key.id)", valueType: "\(Value.self)")
    }
    self.init(reference: reference)
  }
}

/// Thrown by ``Shared/init(require:)`` when nothing is shared or stored under its key.
public struct SharedValueMissing: Error, CustomStringConvertible {
  /// The key's id, as text.
  public let key: String
  /// The type of value that was required.
  public let valueType: String

  /// What was missing, and how to fix it.
  public var description: String {
    """
    No \(valueType) is shared or stored under '\(key)'. To fix it, save a value under the key \
    first, or declare the shared value with a default: @Shared(…) var value = …
    """
  }
}

extension SharedReader {
  /// The value shared under `key`, which must hold one already; see ``Shared/init(require:)``.
  ///
  /// - Throws: ``SharedValueMissing`` when nothing is shared or stored under `key`.
  public init(require key: some SharedKey<Value>) throws {
    self.init(try Shared(require: key))
  }
}
