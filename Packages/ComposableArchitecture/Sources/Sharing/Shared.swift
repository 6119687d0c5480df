import Dependencies

/// A value shared between features, screens and stores: a change made through one `@Shared`
/// is seen at once through every other with the same key.
///
/// ```swift
/// struct InboxFeature: Reducer {
///   struct State: Equatable {
///     @Shared(.inMemory("unreadCount")) var unreadCount = 0
///   }
///   …
///     case .messageOpened:
///       state.unreadCount -= 1
/// }
/// ```
///
/// A child can be handed its parent's shared value: declare `@Shared var count: Int` and pass
/// `$count`. Keys decide where the value lives: ``InMemoryKey`` for the process,
/// ``FileStorageKey`` for a JSON file on disk.
///
/// In a `TestStore`, changes to shared state are asserted like any other state change: the
/// expected state holds the value as of the last assertion, and a change the test does not
/// assert fails it.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  let reference: any SharedStorage<Value>

  /// A value shared under `key`, starting from `wrappedValue` when nothing is stored there yet.
  ///
  /// ```swift
  /// @Shared(.fileStorage(settingsURL)) var settings = Settings()
  /// ```
  public init(wrappedValue: Value, _ key: some SharedKey<Value>) {
    @Dependency(\.sharedReferences) var references
    self.reference = references.reference(for: key, initialValue: wrappedValue)
  }

  /// A value shared by whoever is handed this `Shared` (or its `$` projection), stored nowhere
  /// else.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// let child = Child.State(count: count)
  /// ```
  public init(value: Value) {
    self.reference = SharedReference(value: value)
  }

  /// The shared value. Setting it changes it for every holder.
  public var wrappedValue: Value {
    get {
      if let assertion = SharedAssertion.current {
        return SharedAssertion.side == .expected
          ? reference.expectedValue(in: assertion) : reference.actualValue(in: assertion)
      }
      return reference.value
    }
    nonmutating set {
      if let assertion = SharedAssertion.current {
        reference.assert(newValue, in: assertion)
        return
      }
      @Dependency(\.sharedChangeTracker) var tracker
      reference.withLock(tracker: tracker) { $0 = newValue }
    }
  }

  /// The shared value handed over by a parent: `_count = Shared(projectedValue: count)`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// This shared value itself, to hand to a child: `Child.State(count: $count)`.
  public var projectedValue: Shared<Value> { self }

  /// A part of this shared value, shared in turn: changing it changes this value for every
  /// holder.
  ///
  /// ```swift
  /// EditName.State(name: $profile.name)
  /// ```
  public subscript<Member: Sendable>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member>
  {
    Shared<Member>(reference: KeyPathStorage(base: reference, path: .init(keyPath: keyPath)))
  }

  init(reference: any SharedStorage<Value>) {
    self.reference = reference
  }

  /// Changes the value with exclusive access, so that concurrent changes are never lost.
  ///
  /// ```swift
  /// $unreadCount.withLock { $0 += 1 }
  /// ```
  @discardableResult
  public func withLock<R>(_ operation: (inout Value) throws -> R) rethrows -> R {
    if let assertion = SharedAssertion.current {
      var value = reference.expectedValue(in: assertion)
      let result = try operation(&value)
      reference.assert(value, in: assertion)
      return result
    }
    @Dependency(\.sharedChangeTracker) var tracker
    return try reference.withLock(tracker: tracker, operation)
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the values are equal. In a test store's assertion the left side is the expected
  /// state and the right side the actual one, so the values compared are as of the last
  /// assertion (changed by the test) and as of now.
  public static func == (lhs: Shared, rhs: Shared) -> Bool {
    if let assertion = SharedAssertion.current {
      return lhs.reference.expectedValue(in: assertion) == rhs.reference.actualValue(in: assertion)
    }
    return lhs.reference.value == rhs.reference.value
  }
}

extension Shared: CustomReflectable {
  /// Reflects the value, so that dumps and diffs show it rather than the reference.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension Shared: CustomStringConvertible {
  /// The value as `String(reflecting:)` writes it, so that a shared string shows quoted in
  /// dumps and diffs, as a plain one does.
  public var description: String { String(reflecting: wrappedValue) }
}
