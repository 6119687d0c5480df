/// The cancel id of the effects of one child of `ifLet`, `ifCaseLet` or `forEach`: which
/// reducer integrates it (by the key path to its state) and which child it is (its id).
///
/// The child's effects run under it, and its own cancellation ids are scoped to it (see
/// ``ScopedCancelID``); when the child goes away, or becomes another child, they are cancelled.
@usableFromInline
struct NavigationCancelID: Hashable, @unchecked Sendable {
  // Sendable: key paths are immutable values, and the identity is an `Identifiable` id or an
  // element id, compared only.
  let path: AnyKeyPath
  let identity: AnyHashable?

  @usableFromInline
  init(path: AnyKeyPath, identity: AnyHashable?) {
    self.path = path
    self.identity = identity
  }
}

/// Reads the identity of a child state: its `id` when it is `Identifiable`, otherwise `nil`
/// (the child is then told apart only by being there). Resolved once per reducer, so that a
/// non-identifiable child costs nothing per action.
@usableFromInline
struct ChildIdentity<State>: Sendable {
  @usableFromInline let read: (@Sendable (State) -> AnyHashable?)?

  @usableFromInline
  init() {
    guard State.self is any Identifiable.Type else {
      read = nil
      return
    }
    read = { state in (state as? any Identifiable).map(identifier(of:)) }
  }

  @inlinable
  func callAsFunction(_ state: State) -> AnyHashable? { read?(state) }
}

extension Effect {
  /// A child's effect as its parent runs it: its cancellation ids scoped to the child, and the
  /// whole of it cancellable under `scope`, the child's ``NavigationCancelID``.
  @usableFromInline
  func runningAsChild(_ scope: NavigationCancelID) -> Effect {
    if case .none = operation { return .none }
    return scopingCancellation(to: CancelID(scope)).cancellable(id: scope)
  }
}
