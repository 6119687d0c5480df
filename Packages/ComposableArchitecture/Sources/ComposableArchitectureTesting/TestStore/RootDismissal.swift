/// What ``DismissEffect`` does when a feature at the root of a ``TestStore`` dismisses itself:
/// the store ends, cancelling its effects, as a dismissed screen would.
final class RootDismissal: Sendable {
  // Set once, on the main actor, right after the store is made; read on the main actor only.
  nonisolated(unsafe) weak var store: (any DismissibleTestStore)?

  /// Dismisses the store from an effect.
  func dismiss() async {
    // Counted as a hop, so that the store does not take the trip to the main actor for quiet.
    EffectExecutor.shared.hopStarted()
    await MainActor.run { store?.dismissFromEffect() }
    EffectExecutor.shared.hopFinished()
  }
}

/// A ``TestStore`` seen without its generic parameters.
@MainActor
protocol DismissibleTestStore: AnyObject {
  func dismissFromEffect()
}

extension TestStore: DismissibleTestStore {
  func dismissFromEffect() {
    isDismissed = true
    core.cancelAllEffects()
  }
}
