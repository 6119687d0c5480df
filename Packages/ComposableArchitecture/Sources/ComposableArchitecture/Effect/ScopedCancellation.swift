/// Cancellation ids of a navigation element's effects (a presented child, a stack screen, an
/// `ifLet` child, a `forEach` row) are scoped to that element, as in TCA: a child's
/// `.cancel(id:)` or `cancelInFlight` reaches only the effects that the same element started
/// with that id, never a sibling's or the parent's. An ancestor's `.cancel(id:)` still reaches
/// the effects its descendants made cancellable with that id: as TCA registers an effect under
/// every prefix of its navigation path, the effect is registered under its id as each enclosing
/// level sees it.
///
/// The reducer integrating the child rewrites the ids in the effect the child returned, and
/// binds ``CancellationScope/path`` around its `.run` work, so ``Task/cancel(id:)`` called from
/// there builds the same scoped id.
struct ScopedCancelID: Hashable, Sendable {
  let scope: CancelID
  let id: CancelID
}

extension CancelID {
  /// This id as seen from inside the navigation element `scope`.
  func scoped(in scope: CancelID) -> CancelID {
    CancelID(ScopedCancelID(scope: scope, id: self))
  }
}

/// The navigation elements a running effect belongs to, outermost first.
enum CancellationScope {
  @TaskLocal static var path: [CancelID] = []

  /// `id` as the effects of the current navigation elements registered it.
  static func scoped(_ id: CancelID) -> CancelID {
    path.reversed().reduce(id) { id, scope in id.scoped(in: scope) }
  }
}

extension Effect {
  /// This effect with its cancellation ids scoped to the navigation element `scope`.
  func scopingCancellation(to scope: CancelID) -> Effect {
    switch operation {
    case .none, .send:
      return self
    case .cancel(let id):
      return Effect(.cancel(id.scoped(in: scope)))
    case .cancellable(let id, let cancelInFlight, let effect):
      // In flight, only the element's own effects are cancelled; the outer registration lets
      // the parent's `.cancel(id:)` reach this effect.
      let scoped = Effect(
        .cancellable(
          id: id.scoped(in: scope), cancelInFlight: cancelInFlight,
          effect.scopingCancellation(to: scope)))
      return Effect(.cancellable(id: id, cancelInFlight: false, scoped))
    case .run(let run):
      return Effect(
        .run(
          Run(priority: run.priority, dependencies: run.dependencies, location: run.location) { send in
            await CancellationScope.$path.withValueOnCallerActor(CancellationScope.path + [scope]) {
              await run.operation(send)
            }
          }))
    case .merge(let effects):
      return Effect(.merge(effects.map { $0.scopingCancellation(to: scope) }))
    case .concatenate(let effects):
      return Effect(.concatenate(effects.map { $0.scopingCancellation(to: scope) }))
    }
  }
}
