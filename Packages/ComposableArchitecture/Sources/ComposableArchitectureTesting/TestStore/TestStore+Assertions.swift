import ComposableArchitecture

extension TestStore {
  /// Compares the state a step produced with what the test expects, then makes it the new
  /// baseline.
  func assertState(
    after step: @autoclosure () -> String,
    actual: State,
    expectedChange: ((inout State) throws -> Void)?,
    at location: IssueLocation
  ) {
    // Shared state is compared as of the last assertion (see `SharedChangeTracker`).
    SharedAssertion.run(
      tracker: core.dependencies.sharedChangeTracker, isExhaustive: exhaustivity == .on
    ) {
      assertStateValues(after: step(), actual: actual, expectedChange: expectedChange, at: location)
    }
  }

  private func assertStateValues(
    after step: @autoclosure () -> String,
    actual: State,
    expectedChange: ((inout State) throws -> Void)?,
    at location: IssueLocation
  ) {
    defer { expectedState = actual }
    let previous = expectedState
    switch exhaustivity {
    case .on:
      var expected = previous
      guard apply(expectedChange, to: &expected, at: location) else { return }
      guard expected != actual else { return }
      reportStateMismatch(
        expected: expected, actual: actual, unexpectedChange: expectedChange == nil, step: step(),
        at: location
      )

    case .off(let showSkippedAssertions):
      // Only the fields the test set are checked: apply its changes to what really happened.
      var expected = actual
      guard apply(expectedChange, to: &expected, at: location) else { return }
      if expected != actual {
        reportStateMismatch(
          expected: expected, actual: actual, unexpectedChange: false, step: step(), at: location)
      } else if showSkippedAssertions {
        var fromPrevious = previous
        _ = try? expectedChange?(&fromPrevious)
        if fromPrevious != actual, let diff = debugDiff(fromPrevious, actual) {
          reportSkippedAssertion(
            "State changes after \(step()) were not asserted:\n\n\(diff)\n\n(Expected: −, Actual: +)",
            at: location
          )
        }
      }
    }
  }

  private func apply(
    _ change: ((inout State) throws -> Void)?, to state: inout State, at location: IssueLocation
  ) -> Bool {
    do {
      try change?(&state)
      return true
    } catch {
      reportIssue("The state assertion threw an error: \(error)", at: location)
      return false
    }
  }

  private func reportStateMismatch(
    expected: State, actual: State, unexpectedChange: Bool, step: String, at location: IssueLocation
  ) {
    let diff = stateDiff(expected, actual) ?? "(the values differ, but their dumps are equal)"
    let headline =
      unexpectedChange
      ? "State was not expected to change after \(step), but it did:"
      : "The state after \(step) does not match the expectation:"
    let fix =
      unexpectedChange
      ? "To fix it, assert the change in a trailing closure: 'store.send(…) { $0.field = … }'."
      : "To fix it, make the closure set exactly the '+' values, or fix the reducer if they are wrong."
    reportIssue("\(headline)\n\n\(diff)\n\n(Expected: −, Actual: +)\n\n\(fix)", at: location)
  }

  /// Reports (or, when not exhaustive, skips) the received actions the test has not asserted,
  /// and moves the baseline past them.
  func handleUnassertedReceivedActions(_ headline: String, at location: IssueLocation) {
    ledger.withLock { $0.reportUnasserted(headline, at: location) }
    if let last = received.last { expectedState = last.state }
    received.removeAll()
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
