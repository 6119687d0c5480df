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

/// A value that carries a ``nextChangeVersion()`` number, renewed by each of its changes.
protocol ChangeVersioned {
  /// Equal for two values only when one is an unchanged copy of the other.
  var changeVersion: UInt64 { get }
}
