/// The ``StateObservation`` of a value read from a store: remembers what was read, and compares
/// it with the value after each send.
///
/// A value that is not `Equatable` cannot be compared, so it counts as changed after every send.
@MainActor
final class ObservedValue<Value>: StateObservation {
  private let readValue: @MainActor () -> Value
  /// Where the value sits in the root's memory, when known: read there directly, which spares
  /// the closure calls of `readValue` on every check.
  private let location: StateLocation?
  private let isEqual: ((Value, Value) -> Bool)?
  // Not optional: an optional of a generic value costs a metadata lookup on every check.
  private var lastRead: Value
  /// The value as `Store.observe`'s observers saw it; see ``StateObservation/version``.
  @exclusivity(unchecked) private var observedValue: Value

  /// Observes what `read` reads, found at `location` when given; `value` is what it read first.
  init(_ value: Value, at location: StateLocation? = nil, read: @escaping @MainActor () -> Value) {
    self.readValue = read
    self.location = location
    self.isEqual = equalityFunction(for: Value.self)
    self.lastRead = value
    self.observedValue = value
  }

  /// The value now.
  func currentValue() -> Value {
    read()
  }

  private func read() -> Value {
    if let location { return location.read(Value.self) }
    return readValue()
  }

  /// Registers an access to `value`, just read; returns `true` when the value was not watched
  /// yet, so the caller must hand it to the core to be checked after each send.
  func access(_ value: Value) -> Bool {
    registerAccess()
    guard !isWatched else { return false }
    isWatched = true
    lastRead = value
    return true
  }

  override func hasChanged() -> Bool {
    guard let isEqual else { return true }
    return !isEqual(lastRead, read())
  }

  override func resetObservedValue() {
    observedValue = read()
  }

  override func refreshObservedValue() {
    let value = read()
    if let isEqual, isEqual(observedValue, value) { return }
    observedValue = value
    version &+= 1
  }
}

/// `==` for `T` when it is `Equatable`, found at run time; `nil` when it is not.
func equalityFunction<T>(for type: T.Type) -> ((T, T) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  return equality(of: equatable, as: type)
}

/// `E.==` for values typed as `T`, which is `E` itself.
private func equality<E: Equatable, T>(of _: E.Type, as _: T.Type) -> (T, T) -> Bool {
  precondition(E.self == T.self, "equality(of:as:) needs one type twice")
  return { lhs, rhs in
    // `T` is `E`: the casts reinterpret a value as its own type, with no dynamic cast and no
    // generic call left to look metadata up.
    unsafeBitCast(lhs, to: E.self) == unsafeBitCast(rhs, to: E.self)
  }
}
