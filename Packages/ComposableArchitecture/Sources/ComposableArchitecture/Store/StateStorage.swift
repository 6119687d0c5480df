/// The memory a root store's state lives in, at an address that never moves.
///
/// The reducer changes the state in place through it and observers read single members at their
/// offset, so neither pays the runtime's exclusivity checks (a class's stored property is checked
/// on every access, and its `inout` access to the reducer marks every other access as possibly
/// conflicting), and reading one member never copies the whole state. Only the store's core and
/// the stores scoped from it touch it, on the main actor, and never while the reducer runs.
class StateMemory {
  /// Where the state starts.
  let base: UnsafeMutableRawPointer
  /// How many actions the reducer has run on the state: an observer of the whole state compares
  /// this count rather than a copy of the state (see ``ObservedValue``).
  @exclusivity(unchecked) final var changeCount = 0

  fileprivate init(base: UnsafeMutableRawPointer) {
    self.base = base
  }
}

/// ``StateMemory`` holding a `State`: allocates it, and releases it with the core.
final class StateStorage<State>: StateMemory {
  let pointer: UnsafeMutablePointer<State>

  init(_ state: State) {
    pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    pointer.initialize(to: state)
    super.init(base: UnsafeMutableRawPointer(pointer))
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }
}
