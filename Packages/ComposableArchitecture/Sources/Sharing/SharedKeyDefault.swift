/// A key with the value it starts from, so that `@Shared(.syncUps) var syncUps` needs no
/// initial value at each declaration, as swift-sharing's `SharedKey.Default`.
///
/// ```swift
/// extension SharedKey where Self == FileStorageKey<[SyncUp]>.Default {
///   static var syncUps: Self {
///     Self[.fileStorage(.documentsDirectory.appending(path: "sync-ups.json")), default: []]
///   }
/// }
/// ```
///
/// Every `@Shared` of the key and of the key with a default share one value.
public struct SharedKeyDefault<Base: SharedKey>: SharedKey {
  /// The key the value is stored under.
  public let base: Base
  /// The value used when nothing is stored under ``base`` yet.
  public let defaultValue: Base.Value

  /// `key` with `defaultValue`.
  public static subscript(_ key: Base, default defaultValue: Base.Value) -> Self {
    Self(base: key, defaultValue: defaultValue)
  }

  /// The base key's id; a `Shared` made from this key is shared under the base key itself.
  public var id: Base.ID { base.id }

  /// What the base key loads.
  public func load() -> Base.Value? { base.load() }

  /// Saves through the base key.
  public func save(_ value: Base.Value) { base.save(value) }
}

extension SharedKey {
  /// This key with a default value: `FileStorageKey<[SyncUp]>.Default`.
  public typealias Default = SharedKeyDefault<Self>
}

extension Shared {
  /// A value shared under the key of `key`, starting from its default when nothing is stored
  /// there yet.
  ///
  /// ```swift
  /// @Shared(.syncUps) var syncUps
  /// ```
  public init<Base: SharedKey<Value>>(_ key: SharedKeyDefault<Base>) {
    self.init(wrappedValue: key.defaultValue, key.base)
  }

  /// A value shared under the key of `key`, starting from `wrappedValue` rather than the key's
  /// default when nothing is stored there yet.
  public init<Base: SharedKey<Value>>(wrappedValue: Value, _ key: SharedKeyDefault<Base>) {
    self.init(wrappedValue: wrappedValue, key.base)
  }
}
