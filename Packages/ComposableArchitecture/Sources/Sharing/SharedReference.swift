import Foundation
import Observation

/// The one box that every ``Shared`` made from equal keys points to.
///
/// Observable, so that a view or store reading the value through one `@Shared` is told about a
/// change made through another.
final class SharedReference<Value: Sendable>: Observable, @unchecked Sendable {
  // `@unchecked`: `storage` is only touched while `lock` is held. The lock is recursive so that
  // a `withLock` operation may read the same shared value.
  private struct Box: Sendable {
    var value: Value
  }

  private struct Storage: Sendable {
    /// `nil` until the first read loads it from the key.
    var current: Box?
    /// The value as of the step the test last asserted, kept once the value changed after it;
    /// see ``SharedChangeTracker``.
    var snapshot: Box?
    /// Counts the changes, so that a test store can tell whether a value changed after a step.
    var version = 0
  }

  private var storage = Storage()
  private let lock = NSRecursiveLock()
  private let registrar = ObservationRegistrar()
  private let load: @Sendable () -> Value
  private let save: @Sendable (Value) -> Void

  private func withStorage<R>(_ body: (inout Storage) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&storage)
  }

  /// A reference whose value comes from `load` on first read, and goes to `save` after every
  /// change.
  init(load: @escaping @Sendable () -> Value, save: @escaping @Sendable (Value) -> Void) {
    self.load = load
    self.save = save
  }

  /// A reference to `value` alone, stored nowhere else.
  convenience init(value: Value) {
    self.init(load: { value }, save: { _ in })
  }

  /// The current value.
  var value: Value {
    registrar.access(self, keyPath: \.value)
    return currentValue()
  }

  /// Changes the value with exclusive access and saves it. A change made while a test store
  /// tracks changes keeps the value from before, for the test's assertion.
  func withLock<R>(tracker: SharedChangeTracker?, _ operation: (inout Value) throws -> R) rethrows -> R {
    let result = try registrar.withMutation(of: self, keyPath: \.value) {
      lock.lock()
      defer { lock.unlock() }
      // Changed as a copy, with the lock held but the storage not borrowed, so that the
      // operation may read this same value.
      let before = currentValue()
      var value = before
      let result = try operation(&value)
      withStorage { storage in
        if tracker != nil, storage.snapshot == nil { storage.snapshot = Box(value: before) }
        storage.version += 1
        storage.current = Box(value: value)
      }
      // Saved under the lock, so that two changes are saved in the order they were made.
      save(value)
      return result
    }
    tracker?.track(self)
    return result
  }

  /// The value the test last asserted: from before the changes made since, if any.
  var assertedValue: Value {
    withStorage { $0.snapshot?.value } ?? currentValue()
  }

  /// The current value and its version, for a test store's record of a step.
  func stepValue() -> SharedStepValue {
    let loaded = currentValue()
    // Read together, so that a change made meanwhile cannot pair one's value with the other's
    // version.
    return withStorage { SharedStepValue(value: $0.current?.value ?? loaded, version: $0.version) }
  }

  /// Makes `value`, as of the step just asserted, the one the next assertion starts from; with
  /// `nil`, or when the value did not change after that step, the current value. Returns
  /// whether changes made after the step remain to be asserted.
  func acceptSnapshot(_ value: SharedStepValue?) -> Bool {
    withStorage { storage in
      guard let value, value.version != storage.version, let asserted = value.value as? Value else {
        storage.snapshot = nil
        return false
      }
      storage.snapshot = Box(value: asserted)
      return true
    }
  }

  private func currentValue() -> Value {
    if let current = withStorage({ $0.current }) { return current.value }
    // Loaded outside the lock: a key may read dependencies or the disk. Two first readers may
    // both load; the first to store its value wins.
    let loaded = load()
    return withStorage { storage in
      if let current = storage.current { return current.value }
      storage.current = Box(value: loaded)
      return loaded
    }
  }
}

/// A reference whose test snapshot can be recorded and reset without knowing its value type.
protocol SnapshotResettable: AnyObject, Sendable {
  func stepValue() -> SharedStepValue
  func acceptSnapshot(_ value: SharedStepValue?) -> Bool
}

/// A shared value as a test store recorded it after a step, with the number of changes made to
/// it by then.
struct SharedStepValue: Sendable {
  let value: any Sendable
  let version: Int
}

extension SharedReference: SnapshotResettable {}
