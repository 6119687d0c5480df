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
    /// The value before the first change since the test last asserted it; see
    /// ``SharedChangeTracker``.
    var snapshot: Box?
    /// The value when the action the test sent was reduced, before the actions its effects
    /// sent back changed it; see ``SharedChangeTracker/checkpoint()``.
    var checkpoint: Box?
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
    let isAfterCheckpoint = tracker?.isAfterCheckpoint ?? false
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
        if isAfterCheckpoint, storage.checkpoint == nil { storage.checkpoint = Box(value: before) }
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

  /// The value the feature produced in the step being asserted: as of the checkpoint, if one
  /// was taken and the value changed since.
  var actualValue: Value {
    withStorage { $0.checkpoint?.value } ?? currentValue()
  }

  /// Accepts the value of the step just asserted; returns whether changes made after it remain
  /// to be asserted.
  func resetSnapshot() -> Bool {
    withStorage { storage in
      storage.snapshot = storage.checkpoint
      storage.checkpoint = nil
      return storage.snapshot != nil
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

/// A reference whose test snapshot can be reset without knowing its value type.
protocol SnapshotResettable: AnyObject, Sendable {
  func resetSnapshot() -> Bool
}

extension SharedReference: SnapshotResettable {}
