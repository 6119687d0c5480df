import Dependencies
import Synchronization

/// Lets a test store assert changes to shared state like any other state change.
///
/// A ``Shared`` value lives in a reference, so the state a test store expects and the state the
/// feature produced hold the same reference. While a tracker is among a store's dependencies,
/// each reference keeps its value from before the first change since the last assertion (its
/// snapshot). During an assertion (``SharedAssertion``) the expected state reads snapshots and
/// writes to a scratch copy, the actual state reads current values, and afterwards the changes
/// count as asserted.
package final class SharedChangeTracker: Sendable {
  private struct Changes {
    var references: [ObjectIdentifier: any SnapshotResettable] = [:]
    var isAfterCheckpoint = false
  }

  private let changes = Mutex(Changes())

  /// A tracker with no changes.
  package init() {}

  func track(_ reference: some SnapshotResettable) {
    changes.withLock { $0.references[ObjectIdentifier(reference)] = reference }
  }

  /// Marks the end of the reduction of an action the test sent: later changes, made by the
  /// actions its effects send back, belong to later steps, and the sent step is asserted
  /// against the values as of now.
  package func checkpoint() {
    changes.withLock { $0.isAfterCheckpoint = true }
  }

  var isAfterCheckpoint: Bool { changes.withLock { $0.isAfterCheckpoint } }

  /// Accepts the changes of the step just asserted; those made after its checkpoint stay to be
  /// asserted by the next step.
  package func resetSnapshots() {
    let references = changes.withLock { changes in
      defer { changes = Changes() }
      return Array(changes.references.values)
    }
    let pending = references.filter { $0.resetSnapshot() }
    guard !pending.isEmpty else { return }
    changes.withLock { changes in
      for reference in pending { changes.references[ObjectIdentifier(reference)] = reference }
    }
  }
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
  /// The values the test's assertion set, by reference; never written to the references.
  private let asserted = Mutex<[ObjectIdentifier: any Sendable]>([:])

  private init(isExhaustive: Bool) {
    self.isExhaustive = isExhaustive
  }

  /// Runs a state assertion; the changes tracked by `tracker` count as asserted afterwards.
  ///
  /// When not exhaustive, the expected state starts from the actual one, so values the test
  /// does not set read their current value.
  package static func run<R>(
    tracker: SharedChangeTracker?, isExhaustive: Bool, _ operation: () throws -> R
  ) rethrows -> R {
    defer { tracker?.resetSnapshots() }
    return try $current.withValue(SharedAssertion(isExhaustive: isExhaustive), operation: operation)
  }

  /// Runs `operation` with each shared value on the expected side read as of the last
  /// assertion, whatever the exhaustivity, and counts nothing as asserted: it tells whether a
  /// step changed shared state at all.
  package static func comparingSnapshots<R>(_ operation: () throws -> R) rethrows -> R {
    try $current.withValue(SharedAssertion(isExhaustive: true), operation: operation)
  }

  /// Runs `operation`, typically a dump, with shared values read as `side`.
  package static func reading<R>(_ side: Side, _ operation: () throws -> R) rethrows -> R {
    try $side.withValue(side, operation: operation)
  }

  func expectedValue<Value>(of reference: SharedReference<Value>) -> Value {
    if let value = asserted.withLock({ $0[ObjectIdentifier(reference)] }) as? Value { return value }
    return isExhaustive ? reference.assertedValue : reference.actualValue
  }

  func assert<Value>(_ value: Value, for reference: SharedReference<Value>) {
    asserted.withLock { $0[ObjectIdentifier(reference)] = value }
  }
}
