import ComposableArchitecture

/// The work a ``TerminalLoop`` started: the effects of each send, when the state last changed,
/// and waiting until that work has settled (see ``RunOptions``).
///
/// Waiting is woken by what can end it: a change of the state or the screen, an effect that
/// finishes, and a timer for the moment the quiet period or the idle timeout runs out; nothing
/// polls.
@MainActor
final class LoopWork {
  private let options: RunOptions
  /// Whether the screen shows a progress indicator: work is under way however quiet the state.
  private let isBusy: @MainActor () -> Bool
  private var inFlight: [Int: StoreTask] = [:]
  private var nextID = 0
  /// The effects of the input handled last, when it sent an action that started any.
  private var lastInputTaskID: Int?
  private var lastChange = ContinuousClock.now
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(options: RunOptions, isBusy: @escaping @MainActor () -> Bool) {
    self.options = options
    self.isBusy = isBusy
  }

  /// Sends `action` through `store` and keeps its effects until they finish; returns their id.
  @discardableResult
  func send<State, Action>(_ action: Action, to store: Store<State, Action>) -> Int? {
    changed()
    let task = store.send(action)
    guard !task.isCancelled else { return nil }
    let id = nextID
    nextID += 1
    inFlight[id] = task
    Task {
      await task.finish()
      self.inFlight[id] = nil
      self.changed()
    }
    return id
  }

  /// Input was handled by sending `action`, or by nothing the store does when `nil`.
  func handleInput<State, Action>(_ action: Action?, store: Store<State, Action>) {
    lastInputTaskID = action.flatMap { send($0, to: store) }
  }

  /// The state or the screen changed: the quiet period starts again, and waiters look again.
  func changed() {
    lastChange = .now
    wake()
  }

  /// Cancels every effect still running.
  func cancelAll() {
    for task in inFlight.values { task.cancel() }
    inFlight.removeAll()
    wake()
  }

  /// Whether the work of the last input handled has settled: its own effects finished
  /// (effects started earlier, like a subscription, do not hold the next line back), no
  /// progress shown and the state quiet, or nothing changed for ``RunOptions/idleTimeout``.
  func isSettledAfterInput() -> Bool {
    nextCheck(ownEffectsOnly: true) == nil
  }

  /// Waits until the work started by earlier input has settled, or `shouldStop` says to stop
  /// waiting; with `ownEffectsOnly` only the last input's effects are waited for (see
  /// ``isSettledAfterInput()``), otherwise every effect.
  func settle(ownEffectsOnly: Bool, shouldStop: @MainActor () -> Bool) async {
    let clock = ContinuousClock()
    let deadline = clock.now + options.maximumWait
    while !shouldStop(), !Task.isCancelled, clock.now < deadline {
      guard let wake = nextCheck(ownEffectsOnly: ownEffectsOnly) else { return }
      await waitForChange(orUntil: min(wake ?? deadline, deadline))
    }
  }

  /// `nil` when settled; otherwise when to look again without news: when the quiet period or
  /// the idle timeout runs out, or `.some(nil)` when only an event can settle it.
  private func nextCheck(ownEffectsOnly: Bool) -> ContinuousClock.Instant?? {
    guard !isBusy() else { return .some(nil) }
    let now = ContinuousClock.now
    let finished = ownEffectsOnly ? lastInputTaskID.map { inFlight[$0] == nil } ?? true : inFlight.isEmpty
    let quietEnds = lastChange + options.quietPeriod
    let idleEnds = lastChange + options.idleTimeout
    if finished && now >= quietEnds || now >= idleEnds { return nil }
    return .some(finished ? min(quietEnds, idleEnds) : idleEnds)
  }

  /// Suspends until ``changed()`` or until `instant`, whichever comes first.
  private func waitForChange(orUntil instant: ContinuousClock.Instant) async {
    let timer = Task { [weak self] in
      try? await Task.sleep(until: instant, clock: .continuous)
      self?.wake()
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiters.append($0) }
    } onCancel: {
      Task { @MainActor [weak self] in self?.wake() }
    }
    timer.cancel()
  }

  private func wake() {
    let woken = waiters
    waiters = []
    for waiter in woken { waiter.resume() }
  }
}
