import Observation

/// What observers of one read of a store track: a scoped store's state, or one member of it.
///
/// Each store, scoped or not, has its own, and one per member read through dynamic member
/// lookup, so a change tells only the observers of what changed: the root store's core checks
/// each read that may be observed after every send and notifies it only when its value differs.
///
/// Not generic on purpose: its conformance to `Observable` and its key path are known when
/// compiled, so registering an access or a change costs no runtime lookup. ``ObservedValue``
/// adds the value and its comparison.
@MainActor
class StateObservation: Observable {
  private let registrar = ObservationRegistrar()

  /// Whether the value was read since it last changed, so an observer may be tracking it and
  /// the core checks it after each send.
  @exclusivity(unchecked) final var isWatched = false

  /// The value, as observers see it; it carries none.
  nonisolated final var value: Void { () }

  init() {}

  /// Registers an access by the current observation, if any.
  final func registerAccess() {
    registrar.access(self, keyPath: \.value)
  }

  /// Whether the value differs from the one last read. Answers `true` when it cannot tell.
  func hasChanged() -> Bool { true }

  // What `Store.observe` uses: the value is kept once for all of its observers, compared after
  // each send, and each change counted, so an observer compares versions, not values.

  /// How many times the value changed while a ``StoreObserver`` read it.
  @exclusivity(unchecked) final var version = 0
  /// How many ``StoreObserver``s' last runs read the value.
  @exclusivity(unchecked) final var observerCount = 0
  /// The core that compares the value after each send while observers read it.
  weak var observingCore: (any StoreCoreProtocol)?

  /// Takes the current value as the one observers saw.
  func resetObservedValue() {}

  /// Counts a change when the value differs from the one observers saw.
  func refreshObservedValue() { version &+= 1 }

  /// Notifies observers when the value changed; returns whether it is still watched.
  ///
  /// Observers run after the change, and may read the store again, which watches it anew.
  final func notifyIfChanged() -> Bool {
    guard hasChanged() else { return true }
    isWatched = false
    registrar.willSet(self, keyPath: \.value)
    registrar.didSet(self, keyPath: \.value)
    return false
  }
}
