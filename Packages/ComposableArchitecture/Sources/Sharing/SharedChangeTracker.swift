import Dependencies
import Synchronization

/// Lets a test store assert changes to shared state like any other state change.
///
/// A ``Shared`` value lives in a reference, so the state a test store expects and the state the
/// feature produced hold the same reference. While a tracker is among a store's dependencies,
/// each reference keeps its value as of the last assertion once it changes (its snapshot), and
/// the store records the changed values right after each action it reduces (``SharedStep``), as
/// TCA records the state of each step. During an assertion (``SharedAssertion``) the expected
/// state reads snapshots and writes to a scratch copy, the actual state reads the step's values,
/// so a change made later (by an effect, or a later action) never shows in an earlier step, and
/// afterwards the step's values count as asserted.
package final class SharedChangeTracker: Sendable {
  /// The references changed since their value was last accepted as current, by identity.
  private let references = Mutex<[ObjectIdentifier: any SnapshotResettable]>([:])

  /// A tracker with no changes.
  package init() {}

  func track(_ reference: some SnapshotResettable) {
    references.withLock { $0[ObjectIdentifier(reference)] = reference }
  }

  /// Records the values of the shared state changed since the last assertion, right after a
  /// step's action was reduced: the step is asserted against them, whatever changes later.
  ///
  /// A reference changed only after this moment is not recorded: its snapshot, taken before
  /// its first change, holds its value as of this step.
  package func recordStep() -> SharedStep {
    let references = references.withLock { $0 }
    return SharedStep(values: references.mapValues { $0.stepValue() })
  }

  /// Accepts the shared state of the step just asserted, `step`, as the one the next assertion
  /// starts from; with no step (an assertion of the state as it is now), the current values.
  package func accept(_ step: SharedStep?) {
    // Under the tracker's lock, so that a change made meanwhile is tracked again after it.
    references.withLock { references in
      for (id, reference) in Array(references) {
        if let step {
          // A reference not in the step changed only after it: its snapshot already holds its
          // value as of the step.
          guard let value = step.values[id] else { continue }
          if !reference.acceptSnapshot(value) { references[id] = nil }
        } else {
          _ = reference.acceptSnapshot(nil)
          references[id] = nil
        }
      }
    }
  }
}

/// The values of changed shared state right after one step's action was reduced.
package struct SharedStep: Sendable {
  let values: [ObjectIdentifier: SharedStepValue]
}

extension DependencyValues {
  /// The tracker of the test store running this code, if any.
  package var sharedChangeTracker: SharedChangeTracker? {
    get { self[SharedChangeTrackerKey.self] }
    set { self[SharedChangeTrackerKey.self] = newValue }
  }
}

enum SharedChangeTrackerKey: DependencyKey {
  static let liveValue: SharedChangeTracker? = nil
  static let testValue: SharedChangeTracker? = nil
}

/// One state assertion of a test store, during which ``Shared`` values read and write as the
/// expected or the actual side of the comparison.
package final class SharedAssertion: Sendable {
  /// Which state a dump shows.
  package enum Side: Sendable {
    /// The state the test expects: values as of the last assertion, changed by the test.
    case expected
    /// The state the feature produced: current values.
    case actual
  }

  @TaskLocal static var current: SharedAssertion?
  @TaskLocal static var side: Side = .expected

  private let isExhaustive: Bool
  /// The shared state of the step asserted; `nil` when the assertion is of the state as it is
  /// now.
  private let step: SharedStep?
  /// The values the test's assertion set, by reference; never written to the references.
  private let asserted = Mutex<[ObjectIdentifier: any Sendable]>([:])

  private init(isExhaustive: Bool, step: SharedStep?) {
    self.isExhaustive = isExhaustive
    self.step = step
  }

  /// Runs the state assertion of `step` (`nil`: of the state as it is now); afterwards its
  /// shared state counts as asserted.
  ///
  /// When not exhaustive, the expected state starts from the actual one, so values the test
  /// does not set read their value in the step.
  package static func run<R>(
    tracker: SharedChangeTracker?, step: SharedStep?, isExhaustive: Bool, _ operation: () throws -> R
  ) rethrows -> R {
    defer { tracker?.accept(step) }
    return try $current.withValue(
      SharedAssertion(isExhaustive: isExhaustive, step: step), operation: operation)
  }

  /// Runs `operation` with each shared value on the expected side read as of the last
  /// assertion, whatever the exhaustivity, and counts nothing as asserted: it tells whether
  /// `step` changed shared state at all.
  package static func comparingSnapshots<R>(step: SharedStep?, _ operation: () throws -> R) rethrows -> R {
    try $current.withValue(SharedAssertion(isExhaustive: true, step: step), operation: operation)
  }

  /// Runs `operation`, typically a dump, with shared values read as `side`.
  package static func reading<R>(_ side: Side, _ operation: () throws -> R) rethrows -> R {
    try $side.withValue(side, operation: operation)
  }

  func expectedValue<Value>(of reference: SharedReference<Value>) -> Value {
    // Unwrapped before the cast: a missing entry cast to an optional `Value` would read as `nil`.
    if let stored = asserted.withLock({ $0[ObjectIdentifier(reference)] }), let value = stored as? Value {
      return value
    }
    return isExhaustive ? reference.assertedValue : actualValue(of: reference)
  }

  /// The value the feature produced in the step asserted: as recorded right after its action
  /// was reduced. A value the step did not record had not changed since the last assertion
  /// then, so it is the one last asserted, even if it changed later.
  func actualValue<Value>(of reference: SharedReference<Value>) -> Value {
    guard let step else { return reference.value }
    if let recorded = step.values[ObjectIdentifier(reference)], let value = recorded.value as? Value {
      return value
    }
    return reference.assertedValue
  }

  func assert<Value>(_ value: Value, for reference: SharedReference<Value>) {
    asserted.withLock { $0[ObjectIdentifier(reference)] = value }
  }
}
