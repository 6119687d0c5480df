import Foundation

/// A value guarded by a lock, so that concurrent code, such as the endpoints of a test's fake
/// client, can read and change it safely.
///
/// ```swift
/// let signedInUsers = LockIsolated<[String]>([])
/// $0.authClient.signIn = { user, _ in signedInUsers.withValue { $0.append(user) } }
/// …
/// #expect(signedInUsers.value == ["fan"])
/// ```
@dynamicMemberLookup
public final class LockIsolated<Value: Sendable>: @unchecked Sendable {
  // `@unchecked`: `value` is only ever touched while `lock` is held.
  private var storage: Value
  private let lock = NSRecursiveLock()

  /// Guards `value`.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.storage = try value()
  }

  /// The value now.
  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// A property of the value now.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    lock.lock()
    defer { lock.unlock() }
    return storage[keyPath: keyPath]
  }

  /// Changes the value with exclusive access; returns what `operation` returns.
  ///
  /// ```swift
  /// let next = count.withValue { count in
  ///   count += 1
  ///   return count
  /// }
  /// ```
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try operation(&storage)
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    lock.lock()
    defer { lock.unlock() }
    storage = try newValue()
  }
}

extension LockIsolated where Value: Equatable {
  /// Whether the guarded values are equal, read under their locks one after the other.
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    lhs.value == rhs.value
  }
}
