/// What a ``Shared`` value reads and writes through: a ``SharedReference``, or a part of one
/// reached by a key path (`$profile.name`).
protocol SharedStorage<Value>: Sendable {
  associatedtype Value: Sendable

  /// The current value, observed.
  var value: Value { get }
  /// The value the feature produced in the step a test store asserts in `assertion`.
  func actualValue(in assertion: SharedAssertion) -> Value
  /// Changes the value with exclusive access; see ``SharedReference/withLock(tracker:_:)``.
  func withLock<R>(tracker: SharedChangeTracker?, _ operation: (inout Value) throws -> R) rethrows -> R
  /// The value the test expects in `assertion`.
  func expectedValue(in assertion: SharedAssertion) -> Value
  /// Records that the test expects `value` in `assertion`.
  func assert(_ value: Value, in assertion: SharedAssertion)
}

extension SharedReference: SharedStorage {
  func expectedValue(in assertion: SharedAssertion) -> Value {
    assertion.expectedValue(of: self)
  }

  func assert(_ value: Value, in assertion: SharedAssertion) {
    assertion.assert(value, for: self)
  }

  func actualValue(in assertion: SharedAssertion) -> Value {
    assertion.actualValue(of: self)
  }
}

/// A part of another shared value: reads and changes go through the whole value, so that every
/// holder of the whole sees them.
struct KeyPathStorage<Root: Sendable, Value: Sendable>: SharedStorage {
  /// `@unchecked`: made from key paths to stored properties, which capture nothing.
  struct Path: @unchecked Sendable {
    let keyPath: WritableKeyPath<Root, Value>
  }

  let base: any SharedStorage<Root>
  let path: Path

  var value: Value { base.value[keyPath: path.keyPath] }

  func actualValue(in assertion: SharedAssertion) -> Value {
    base.actualValue(in: assertion)[keyPath: path.keyPath]
  }

  func withLock<R>(tracker: SharedChangeTracker?, _ operation: (inout Value) throws -> R) rethrows -> R {
    try base.withLock(tracker: tracker) { try operation(&$0[keyPath: path.keyPath]) }
  }

  func expectedValue(in assertion: SharedAssertion) -> Value {
    base.expectedValue(in: assertion)[keyPath: path.keyPath]
  }

  func assert(_ value: Value, in assertion: SharedAssertion) {
    var root = base.expectedValue(in: assertion)
    root[keyPath: path.keyPath] = value
    base.assert(root, in: assertion)
  }
}
