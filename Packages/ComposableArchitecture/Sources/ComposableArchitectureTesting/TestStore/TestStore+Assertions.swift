import ComposableArchitecture
import Dependencies

extension TestStore {
  /// Compares the state a step produced with what the test expects, then makes it the new
  /// baseline.
  ///
  /// With `expectsChange`, an assertion closure given for a step that changed nothing is
  /// reported: the test claims a change that did not happen.
  func assertState(
    actual: State,
    sharedState: SharedStep?,
    expectedChange: ((inout State) throws -> Void)?,
    expectsChange: Bool = true,
    at location: IssueLocation
  ) {
    // Shared state is compared as of the last assertion (see `SharedChangeTracker`). Whether the
    // step changed anything is decided first: the test's closure writes the values it asserts
    // into the references that the previous state shares with the expected one.
    let changed = SharedAssertion.comparingSnapshots(step: sharedState) { expectedState != actual }
    SharedAssertion.run(
      tracker: core.dependencies.sharedChangeTracker, step: sharedState,
      isExhaustive: exhaustivity == .on
    ) {
      assertStateValues(
        actual: actual, expectedChange: expectedChange,
        reportsClosureWithoutChange: expectsChange && !changed, at: location)
    }
  }

  private func assertStateValues(
    actual: State,
    expectedChange: ((inout State) throws -> Void)?,
    reportsClosureWithoutChange: Bool,
    at location: IssueLocation
  ) {
    defer { expectedState = actual }
    let previous = expectedState
    switch exhaustivity {
    case .on:
      var expected = previous
      guard apply(expectedChange, to: &expected, at: location) else { return }
      if expected != actual {
        reportStateMismatch(
          expected: expected, actual: actual, unexpectedChange: expectedChange == nil, at: location)
        return
      }

    case .off(let showSkippedAssertions):
      // Only the fields the test set are checked: apply its changes to what really happened.
      var expected = actual
      guard apply(expectedChange, to: &expected, at: location) else { return }
      if expected != actual {
        reportStateMismatch(expected: expected, actual: actual, unexpectedChange: false, at: location)
        return
      }
      if showSkippedAssertions {
        var fromPrevious = previous
        _ = try? withDependencyValues(core.dependencies) { try expectedChange?(&fromPrevious) }
        if fromPrevious != actual, let diff = debugDiff(fromPrevious, actual) {
          reportSkippedAssertion(
            """
            A state change does not match expectation: …

            \(indentDiff(diff))

            (Expected: −, Actual: +)
            """,
            at: location
          )
          return
        }
      }
    }
    if reportsClosureWithoutChange, expectedChange != nil {
      // Not exhaustive, the closure may only restate what changed earlier: as in TCA, that is a
      // skipped assertion, shown only when asked for.
      let message = """
        Expected state to change, but no change occurred.

        The trailing closure made no observable modifications to state. If no change to state is \
        expected, omit the trailing closure.
        """
      switch exhaustivity {
      case .on: reportIssue(message, at: location)
      case .off(showSkippedAssertions: true): reportSkippedAssertion(message, at: location)
      case .off(showSkippedAssertions: false): break
      }
    }
  }

  /// Runs the test's assertion closure on `state`, with the store's dependencies, as the reducer
  /// ran: a closure that builds an expected value from a dependency gets the test's one.
  private func apply(
    _ change: ((inout State) throws -> Void)?, to state: inout State, at location: IssueLocation
  ) -> Bool {
    guard let change else { return true }
    do {
      try withDependencyValues(core.dependencies) { try change(&state) }
      return true
    } catch {
      reportIssue("Threw error: \(error)", at: location)
      return false
    }
  }

  private func reportStateMismatch(
    expected: State, actual: State, unexpectedChange: Bool, at location: IssueLocation
  ) {
    let diff = stateDiff(expected, actual) ?? "(the values differ, but their dumps are equal)"
    let headline =
      unexpectedChange
      ? "State was not expected to change, but a change occurred: …"
      : "A state change does not match expectation: …"
    let fix =
      unexpectedChange
      ? "To fix, assert the change in a trailing closure: \"store.send(…) { $0.field = … }\"."
      : "To fix, make the closure set exactly the \"+\" values, or fix the reducer if they are wrong."
    reportIssue(
      "\(headline)\n\n\(indentDiff(diff))\n\n(Expected: −, Actual: +)\n\n\(fix)", at: location)
  }

  /// Reports (or, when not exhaustive, skips) the received actions still pending when the test
  /// sends another action.
  ///
  /// When exhaustive they stay pending, as in TCA: the test may still receive them, and they are
  /// reported again if it never does. When not, they are dropped, as in TCA, so that a later
  /// `receive` waits for an action sent after this one. Either way the sent action's state is
  /// compared from the last of them, so that the failure is not repeated as a state diff.
  func reportPendingReceivedActions(beforeSendingAt location: IssueLocation) {
    ledger.withLock {
      $0.reportUnasserted(
        { "Must handle \($0) received \(plural("action", $0)) before sending an action: …" },
        at: location
      )
    }
    if let last = received.last { moveBaseline(past: last) }
    if case .off = exhaustivity { received.removeAll() }
  }

  /// Waits until no effect that descends from the send `sendID` runs, or `timeout` passes;
  /// `true` if none runs.
  func waitForEffects(descendingFrom sendID: Int, timeout: Duration) async -> Bool {
    await wait(timeout: timeout) {
      !ledger.withLock { $0.inFlight.values.contains { $0.origin?.id == sendID } }
    }
  }

  /// Cancels every running effect that descends from the send `sendID` — the ones it started and
  /// the ones started by actions they sent back — and waits until they have ended.
  func cancelEffects(descendingFrom sendID: Int) async {
    func descendants() -> [Int] {
      ledger.withLock { $0.inFlight.filter { $0.value.origin?.id == sendID }.map(\.key) }
    }
    // A cancelled effect may still send an action that starts another one, so this repeats
    // until none is left, or nothing changes within the store's timeout.
    while case let ids = descendants(), !ids.isEmpty {
      core.cancelEffects(ids: ids)
      let before = Set(ids)
      guard await wait(timeout: timeout, until: { Set(descendants()) != before }) else { return }
    }
  }

  /// Reports (or, when not exhaustive, skips) the received actions the test has not asserted,
  /// and moves the baseline past them.
  func handleUnassertedReceivedActions(
    _ headline: (_ count: Int) -> String, at location: IssueLocation
  ) {
    ledger.withLock { $0.reportUnasserted(headline, at: location) }
    if let last = received.last { moveBaseline(past: last) }
    received.removeAll()
  }

  /// Makes the state `action` produced, shared state included, the baseline of the next
  /// assertion without asserting it.
  func moveBaseline(past action: ReceivedAction<State, Action>) {
    expectedState = action.state
    core.dependencies.sharedChangeTracker?.accept(action.sharedState)
  }

  /// Suspends until `condition` holds or `timeout` passes; `true` if it holds. Woken by every
  /// received action and every finished effect, never by polling.
  func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      let id = nextWaiterID
      nextWaiterID += 1
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let timer = Task { [weak self] in
          try? await Task.sleep(until: deadline, clock: .continuous)
          self?.wakeWaiter(id)
        }
        waiters[id] = (continuation, timer)
      }
    }
    return true
  }

  func wakeWaiters() {
    for id in waiters.keys { wakeWaiter(id) }
  }

  private func wakeWaiter(_ id: Int) {
    guard let waiter = waiters.removeValue(forKey: id) else { return }
    waiter.timer.cancel()
    waiter.continuation.resume()
  }
}
