/// The ``StateObservation`` of a value read from a store: remembers what was read, and tells
/// after each send whether it changed.
///
/// How it tells is chosen once, from the value's type, so no check looks a conformance up:
/// - a value that carries a change version (``IdentifiedArray``, see ``ChangeVersioned``) is
///   compared by that number alone, in constant time, and no copy of it is kept; an observer
///   that read only its count (or `isEmpty`, `index(id:)`) compares the version of the ids, so a change inside one
///   element does not concern it;
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
      return VersionedValue(
        value, versions: Versions(of: versioned, as: Value.self), at: location, read: read)
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

  /// `value`, just read, as the reader gets it: a collection that tells what is read from it.
  func handOut(_ value: Value) -> Value { value }
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

/// A value compared by its change versions: constant time, and no copy of it is kept.
///
/// The copies handed out tell what their readers read (``ReadRecorder``): readers of the count or
/// the count alone compare only the version of those. Watchers (`withObservationTracking`) and
/// `Store.observe`'s observers have a recorder each, since each resets its own.
@MainActor
private final class VersionedValue<Value>: ObservedValue<Value> {
  private let versions: Versions<Value>
  private let watcherReads = ReadRecorder()
  private let observerReads = ReadRecorder()
  @exclusivity(unchecked) private var lastVersion: UInt64
  @exclusivity(unchecked) private var lastStructure: UInt64
  @exclusivity(unchecked) private var observedVersion: UInt64
  @exclusivity(unchecked) private var observedStructure: UInt64

  init(
    _ value: Value, versions: Versions<Value>, at location: StateLocation?,
    read: @escaping @MainActor () -> Value
  ) {
    self.versions = versions
    (lastVersion, lastStructure) = (versions.version(value), versions.structure(value))
    (observedVersion, observedStructure) = (lastVersion, lastStructure)
    super.init(at: location, read: read)
  }

  override func handOut(_ value: Value) -> Value {
    versions.recording(value, StoreObserver.current == nil ? watcherReads : observerReads)
  }

  override func remember(_ value: Value) {
    (lastVersion, lastStructure) = (versions.version(value), versions.structure(value))
    watcherReads.reset()
  }

  override func hasChanged() -> Bool {
    let value = currentValue()
    return watcherReads.onlyStructureRead
      ? versions.structure(value) != lastStructure : versions.version(value) != lastVersion
  }

  override func resetObservedValue() {
    let value = currentValue()
    (observedVersion, observedStructure) = (versions.version(value), versions.structure(value))
    observerReads.reset()
  }

  override func refreshObservedValue() {
    let value = currentValue()
    let (current, structure) = (versions.version(value), versions.structure(value))
    if current == observedVersion { return }
    let changed = observerReads.onlyStructureRead ? structure != observedStructure : true
    // Taken as seen either way: an observer that reads an element later reads it from now on.
    (observedVersion, observedStructure) = (current, structure)
    guard changed else { return }
    // The observers run again, and record what they read this time.
    observerReads.reset()
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

/// What ``ChangeVersioned`` gives, for values typed as `T`, which is the conforming type
/// itself: found once, so no check looks the conformance up.
private struct Versions<T> {
  let version: (T) -> UInt64
  let structure: (T) -> UInt64
  let recording: (T, ReadRecorder) -> T

  init<V: ChangeVersioned>(of _: V.Type, as _: T.Type) {
    precondition(V.self == T.self, "Versions(of:as:) needs one type twice")
    version = { unsafeBitCast($0, to: V.self).changeVersion }
    structure = { unsafeBitCast($0, to: V.self).structureChangeVersion }
    recording = { unsafeBitCast(unsafeBitCast($0, to: V.self).recordingReads(into: $1), to: T.self) }
  }
}
