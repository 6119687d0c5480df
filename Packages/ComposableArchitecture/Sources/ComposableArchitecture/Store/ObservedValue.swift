/// The ``StateObservation`` of a value read from a store: remembers what was read, and tells
/// after each send whether it changed.
///
/// How it tells is chosen once, from the value's type, so no check looks a conformance up:
/// - a value that carries a change version (``IdentifiedArray``, see ``ChangeVersioned``) is
///   compared by that number alone, in constant time, and no copy of it is kept;
/// - a root store's whole state, unless it holds no references, counts as changed after every
///   send that reduced an action (``StateMemory/changeCount``): a copy kept to compare it with
///   would share the state's storage, and every change the reducer makes in place would then
///   copy that storage first;
/// - any other `Equatable` value is kept and compared: first its bits (a copy that shares the
///   same storage is the same value), then `==`;
/// - a value that holds no references is compared bit for bit, `Equatable` or not;
/// - any other value counts as changed after every send.
///
/// This base class is the last kind; ``make(_:at:wholeStateOf:read:)`` picks the others.
@MainActor
class ObservedValue<Value>: StateObservation {
  private let readValue: @MainActor () -> Value
  /// Where the value sits in the root's memory, when known: read there directly, which spares
  /// the closure calls of `readValue` on every check.
  private let location: StateLocation?

  /// The observation of what `read` reads (found at `location` when given); `value` is what it
  /// read first. `memory` is given for a root store's whole state, which it holds.
  static func make(
    _ value: Value, at location: StateLocation? = nil, wholeStateOf memory: StateMemory? = nil,
    read: @escaping @MainActor () -> Value
  ) -> ObservedValue<Value> {
    if let versioned = Value.self as? any ChangeVersioned.Type {
      let versionOf = versionFunction(of: versioned, as: Value.self)
      return VersionedValue(version: versionOf(value), versionOf: versionOf, at: location, read: read)
    }
    if let memory, !_isPOD(Value.self) {
      return ReducedState(memory: memory, at: location, read: read)
    }
    if let isEqual = comparison(for: Value.self) {
      return ComparedValue(value, isEqual: isEqual, at: location, read: read)
    }
    return ObservedValue(at: location, read: read)
  }

  init(at location: StateLocation?, read: @escaping @MainActor () -> Value) {
    self.readValue = read
    self.location = location
  }

  /// The value now.
  final func currentValue() -> Value {
    if let location { return location.read(Value.self) }
    return readValue()
  }

  /// Registers an access to `value`, just read; returns `true` when the value was not watched
  /// yet, so the caller must hand it to the core to be checked after each send.
  final func access(_ value: Value) -> Bool {
    registerAccess()
    guard !isWatched else { return false }
    isWatched = true
    remember(value)
    return true
  }

  /// Takes `value`, just read, as the one watchers saw.
  func remember(_ value: Value) {}
}

/// A value kept and compared with the copy read last.
@MainActor
private final class ComparedValue<Value>: ObservedValue<Value> {
  private let isEqual: (Value, Value) -> Bool
  // Not optional: an optional of a generic value costs a metadata lookup on every check.
  @exclusivity(unchecked) private var lastRead: Value
  /// The value as `Store.observe`'s observers saw it; see ``StateObservation/version``.
  @exclusivity(unchecked) private var observedValue: Value

  init(
    _ value: Value, isEqual: @escaping (Value, Value) -> Bool, at location: StateLocation?,
    read: @escaping @MainActor () -> Value
  ) {
    self.isEqual = isEqual
    self.lastRead = value
    self.observedValue = value
    super.init(at: location, read: read)
  }

  override func remember(_ value: Value) { lastRead = value }
  override func hasChanged() -> Bool { !isEqual(lastRead, currentValue()) }
  override func resetObservedValue() { observedValue = currentValue() }

  override func refreshObservedValue() {
    let value = currentValue()
    if isEqual(observedValue, value) { return }
    observedValue = value
    version &+= 1
  }
}

/// A value compared by its change version: constant time, and no copy of it is kept.
@MainActor
private final class VersionedValue<Value>: ObservedValue<Value> {
  private let versionOf: (Value) -> UInt64
  @exclusivity(unchecked) private var lastVersion: UInt64
  @exclusivity(unchecked) private var observedVersion: UInt64

  init(
    version: UInt64, versionOf: @escaping (Value) -> UInt64, at location: StateLocation?,
    read: @escaping @MainActor () -> Value
  ) {
    self.versionOf = versionOf
    self.lastVersion = version
    self.observedVersion = version
    super.init(at: location, read: read)
  }

  override func remember(_ value: Value) { lastVersion = versionOf(value) }
  override func hasChanged() -> Bool { versionOf(currentValue()) != lastVersion }
  override func resetObservedValue() { observedVersion = versionOf(currentValue()) }

  override func refreshObservedValue() {
    let current = versionOf(currentValue())
    if current == observedVersion { return }
    observedVersion = current
    version &+= 1
  }
}

/// A root store's whole state, changed whenever the core reduced an action since it was read.
@MainActor
private final class ReducedState<Value>: ObservedValue<Value> {
  private let memory: StateMemory
  @exclusivity(unchecked) private var lastCount: Int
  @exclusivity(unchecked) private var observedCount: Int

  init(memory: StateMemory, at location: StateLocation?, read: @escaping @MainActor () -> Value) {
    self.memory = memory
    self.lastCount = memory.changeCount
    self.observedCount = memory.changeCount
    super.init(at: location, read: read)
  }

  override func remember(_ value: Value) { lastCount = memory.changeCount }
  override func hasChanged() -> Bool { memory.changeCount != lastCount }
  override func resetObservedValue() { observedCount = memory.changeCount }

  override func refreshObservedValue() {
    if memory.changeCount == observedCount { return }
    observedCount = memory.changeCount
    version &+= 1
  }
}

/// How to tell two values of `T` apart, found once: bit for bit for a type that holds no
/// references, then `==` when it is `Equatable`; `nil` when neither tells.
func comparison<T>(for type: T.Type) -> ((T, T) -> Bool)? {
  let holdsNoReferences = _isPOD(type)
  guard let equatable = type as? any Equatable.Type else {
    return holdsNoReferences ? { sameBits($0, $1) } : nil
  }
  let isEqual = equality(of: equatable, as: type)
  // The same bits are the same value: a copy that shares its storage with the one kept cannot
  // have been changed in place, since keeping it made the storage shared.
  return holdsNoReferences ? isEqual : { sameBits($0, $1) || isEqual($0, $1) }
}

/// Whether `lhs` and `rhs` are laid out in the same bytes.
private func sameBits<T>(_ lhs: T, _ rhs: T) -> Bool {
  withUnsafeBytes(of: lhs) { lhs in
    withUnsafeBytes(of: rhs) { rhs in
      var offset = 0
      while offset + 8 <= lhs.count {
        if lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          != rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        {
          return false
        }
        offset += 8
      }
      while offset < lhs.count {
        if lhs[offset] != rhs[offset] { return false }
        offset += 1
      }
      return true
    }
  }
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

/// `V.changeVersion` for values typed as `T`, which is `V` itself.
private func versionFunction<V: ChangeVersioned, T>(of _: V.Type, as _: T.Type) -> (T) -> UInt64 {
  precondition(V.self == T.self, "versionFunction(of:as:) needs one type twice")
  return { unsafeBitCast($0, to: V.self).changeVersion }
}
