/// An action that sets one field of a feature's state, as a form field bound to it does.
///
/// ```swift
/// await store.send(.binding(.set(\.username, "iu_official"))) {
///   $0.username = "iu_official"
/// }
/// ```
///
/// Two binding actions are equal when they set the same field to equal values, so tests can
/// send and receive them like any other action.
public struct BindingAction<Root>: @unchecked Sendable {
  // @unchecked: the key path is immutable and the value is Sendable; `set` captures only those.
  /// The field being set.
  public let keyPath: PartialKeyPath<Root>
  let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  let valueIsEqual: @Sendable (any Sendable) -> Bool

  /// Sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    nonisolated(unsafe) let keyPath = keyPath
    return BindingAction(
      keyPath: keyPath,
      value: value,
      apply: { $0[keyPath: keyPath] = value },
      valueIsEqual: { ($0 as? Value) == value }
    )
  }

  /// Applies the change to `root`.
  public func apply(to root: inout Root) { apply(&root) }

  /// The new value, when the field at `keyPath` is the one being set.
  public func value<Value>(for keyPath: WritableKeyPath<Root, Value>) -> Value? {
    guard self.keyPath == keyPath else { return nil }
    return value as? Value
  }
}

extension BindingAction: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueIsEqual(rhs.value)
  }
}

extension BindingAction: CustomStringConvertible, CustomReflectable {
  /// `set(\State.field, value)`, as dumps and test failures show it.
  public var description: String { "set(\(keyPath), \(debugDumpLine(value)))" }

  // One token in dumps, instead of the closures inside.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: nil) }
}
