import Dependencies
import Foundation
import Synchronization

/// Reads and writes the values behind ``AppStorageKey``; a dependency so that tests never touch
/// the app's `UserDefaults`.
///
/// Apps use `UserDefaults.standard` (``live``); tests get ``inMemory()``, empty and their own.
public struct UserDefaultsStorage: Sendable {
  /// The value stored under the key, or `nil` when there is none.
  public var value: @Sendable (String) -> Any?
  /// Stores the value under the key; `nil` removes it.
  public var setValue: @Sendable ((any Sendable)?, String) -> Void

  /// Creates storage from its operations.
  public init(
    value: @escaping @Sendable (String) -> Any?,
    setValue: @escaping @Sendable ((any Sendable)?, String) -> Void
  ) {
    self.value = value
    self.setValue = setValue
  }

  /// The values of `UserDefaults.standard`.
  public static var live: UserDefaultsStorage { userDefaults(.standard) }

  /// The values of `defaults`, such as the suite an app group shares:
  /// `.userDefaults(UserDefaults(suiteName: "group.fromm")!)`.
  public static func userDefaults(_ defaults: UserDefaults) -> UserDefaultsStorage {
    let defaults = UncheckedDefaults(defaults: defaults)
    return UserDefaultsStorage(
      value: { key in defaults.defaults.object(forKey: key) },
      setValue: { value, key in defaults.defaults.set(value, forKey: key) }
    )
  }

  /// Empty storage in memory.
  public static func inMemory() -> UserDefaultsStorage {
    let values = Mutex<[String: any Sendable]>([:])
    return UserDefaultsStorage(
      value: { key in
        let value = values.withLock { $0[key] }
        return value
      },
      setValue: { value, key in values.withLock { $0[key] = value } }
    )
  }
}

/// `UserDefaults` is thread-safe, but not declared `Sendable` on every platform.
private struct UncheckedDefaults: @unchecked Sendable {
  let defaults: UserDefaults
}

extension DependencyValues {
  /// The storage behind `@Shared(.appStorage(…))`.
  public var defaultAppStorage: UserDefaultsStorage {
    get { self[UserDefaultsStorageKey.self] }
    set { self[UserDefaultsStorageKey.self] = newValue }
  }
}

enum UserDefaultsStorageKey: DependencyKey {
  static var liveValue: UserDefaultsStorage { .live }
  /// Made once per test: each test starts with empty storage, never the app's.
  static var testValue: UserDefaultsStorage { .inMemory() }
  static var previewValue: UserDefaultsStorage { .inMemory() }
}
