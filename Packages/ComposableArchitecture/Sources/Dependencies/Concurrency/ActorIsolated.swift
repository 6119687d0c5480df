/// A value guarded by an actor, for async code that records what happened, as the fakes in
/// TCA's own tests do.
///
/// ```swift
/// let requested = ActorIsolated<[Int]>([])
/// $0.numberFact.fetch = { number in
///   await requested.withValue { $0.append(number) }
///   return "\(number) is a good number."
/// }
/// …
/// await #expect(requested.value == [1])
/// ```
///
/// Prefer ``LockIsolated`` where the code is synchronous: it needs no `await`.
public final actor ActorIsolated<Value: Sendable> {
  /// The value now.
  public var value: Value

  /// Guards `value`.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// Reads and changes the value with no other task in between; returns what `operation`
  /// returns.
  public func withValue<T: Sendable>(
    _ operation: @Sendable (inout Value) throws -> T
  ) rethrows -> T {
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try newValue()
  }
}
