import Observation

/// What observers of a store's state track: one object per root store whose only property,
/// ``state``, stands for the store's whole state.
///
/// Not generic on purpose: its conformance to `Observable` and its key path are known when
/// compiled, so registering an access or a change costs no runtime lookup.
@MainActor
final class StateObservation: Observable {
  private let registrar = ObservationRegistrar()

  /// The store's state, as observers see it; it carries no value.
  var state: Void { () }

  /// Registers an access to the state by the current observation, if any.
  func access() {
    registrar.access(self, keyPath: \.state)
  }

  /// Runs `change`, telling observers the state will change and has changed.
  func withMutation<R>(_ change: () throws -> R) rethrows -> R {
    try registrar.withMutation(of: self, keyPath: \.state, change)
  }
}
