import ComposableArchitecture
import Observation

/// When a ``TerminalLoop`` renders: after every send that changes the store's state, and after
/// every change to a shared value (`@Shared`) the screen read, wherever it was made (an effect's
/// `withLock`, another screen, another store); the changes of one main-actor turn coalesce into
/// one render.
///
/// The store's own observation does not see a shared value change: the state before and after
/// hold the same reference, so they compare equal. Shared values are observable, so the
/// render runs inside an observation that hears them.
@MainActor
final class RenderSchedule {
  private var isScheduled = false
  private var storeObservation: ObserveToken?
  /// An observation of the shared values a render read is armed and has not fired yet.
  private var isTrackingShared = false
  /// The first component of the screen rendered when that observation was armed: another
  /// screen may read other shared values, so it arms its own.
  private var trackedTitle: Component?
  private var render: @MainActor () -> Void = {}

  /// Calls `render` after each change from now on, until ``stop()``.
  func start<State, Action>(observing store: Store<State, Action>, render: @escaping @MainActor () -> Void) {
    self.render = render
    storeObservation = store.observe { [weak self, unowned store] in
      // Read so that the observation is told when the state changes; rendered on the next turn.
      _ = store.state
      self?.schedule()
    }
  }

  /// Stops rendering after changes.
  func stop() {
    storeObservation?.cancel()
    storeObservation = nil
    isScheduled = false
    render = {}
  }

  /// Renders on the main actor's next turn, once however often it is asked before then.
  func schedule() {
    guard !isScheduled else { return }
    isScheduled = true
    Task { @MainActor [weak self] in
      // A render since (after input) already showed the change.
      guard let self, self.isScheduled else { return }
      self.render()
    }
  }

  /// Makes the screen with `makeScreen`, watching the shared values it reads; a scheduled
  /// render is no longer needed.
  func screen(_ makeScreen: () -> Screen) -> Screen {
    isScheduled = false
    if isTrackingShared {
      let screen = makeScreen()
      if screen.components.first == trackedTitle { return screen }
    }
    isTrackingShared = true
    let screen = withObservationTracking(makeScreen) { [weak self] in
      Task { @MainActor in self?.sharedValueChanged() }
    }
    trackedTitle = screen.components.first
    return screen
  }

  /// Renders after a shared value changed, and again a little later: the observation is told
  /// before the value is set, and a change made on another thread may land after the first
  /// render read the value (a render that finds nothing new writes nothing).
  private func sharedValueChanged() {
    isTrackingShared = false
    schedule()
    Task { [weak self] in
      try? await Task.sleep(for: .milliseconds(50))
      self?.schedule()
    }
  }
}
