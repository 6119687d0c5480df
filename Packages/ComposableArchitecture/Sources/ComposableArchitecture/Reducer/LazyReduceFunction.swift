import Synchronization

/// A child reducer's ``ReduceFunction``, resolved on the child's first action rather than when
/// the parent is built.
///
/// A feature that presents itself (`.ifLet(\.$child, action: \.child) { Self() }`) would
/// otherwise resolve its own body without end while its store is being built. Resolving
/// lazily costs one uncontended lock per child action.
final class LazyReduceFunction<Child: Reducer>: @unchecked Sendable {
  // Sendable: `child` is only read, once, under the lock, to build the function.
  private let child: Child
  private let resolved = Mutex<ReduceFunction<Child.State, Child.Action>?>(nil)

  init(_ child: Child) {
    self.child = child
  }

  func callAsFunction(_ state: inout Child.State, _ action: Child.Action) -> Effect<Child.Action> {
    let run = resolved.withLock { resolved in
      if let resolved { return resolved }
      let function = ReduceFunction(child)
      resolved = function
      return function
    }
    return run(&state, action)
  }
}
