import Synchronization

/// Numbers handed out to values as they change, unique in the process: two values carrying the
/// same number are copies of one value, unchanged since, so comparing them needs no look at
/// their contents.
///
/// An observer remembers the number it saw instead of keeping a copy of the value: a kept copy
/// would share the value's storage, and the next change in place would have to copy all of it.
private let changeVersions = Atomic<UInt64>(0)

/// A number no value in the process has carried before.
@usableFromInline
func nextChangeVersion() -> UInt64 {
  changeVersions.wrappingAdd(1, ordering: .relaxed).newValue
}

/// A collection that carries ``nextChangeVersion()`` numbers, renewed by each of its changes,
/// and tells what was read from a copy handed to an observer.
protocol ChangeVersioned {
  /// Equal for two values only when one is an unchanged copy of the other.
  var changeVersion: UInt64 { get }
  /// Like ``changeVersion``, but renewed only when the elements' ids or order change, so that
  /// an observer that read only those (the count, say) does not hear of a change inside one.
  var structureChangeVersion: UInt64 { get }
  /// A copy that tells `recorder` what is read from it.
  func recordingReads(into recorder: ReadRecorder) -> Self
}

/// What was read from the copies of a collection handed to an observer: only its ids (its
/// count, its order), or its elements too.
///
/// The copies may travel to other threads, so the flags are atomic.
@usableFromInline
final class ReadRecorder: Sendable {
  private let structure = Atomic<Bool>(false)
  private let elements = Atomic<Bool>(false)

  init() {}

  /// The count, or where an id is, was read.
  @usableFromInline
  func structureRead() {
    structure.store(true, ordering: .relaxed)
  }

  /// An element was read.
  @usableFromInline
  func elementsRead() {
    elements.store(true, ordering: .relaxed)
  }

  /// Whether only the ids were read: a change inside an element concerns no reader. A copy
  /// read for nothing at all (kept, or passed on) counts as read whole.
  var onlyStructureRead: Bool {
    structure.load(ordering: .relaxed) && !elements.load(ordering: .relaxed)
  }

  /// Forgets what was read, before the readers read again.
  func reset() {
    structure.store(false, ordering: .relaxed)
    elements.store(false, ordering: .relaxed)
  }
}
