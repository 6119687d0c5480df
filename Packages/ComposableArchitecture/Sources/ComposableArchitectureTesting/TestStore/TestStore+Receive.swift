import ComposableArchitecture

extension TestStore where Action: Equatable {
  /// Asserts that the next action an effect fed back is `expected`, and the state it produced.
  ///
  /// ```swift
  /// await store.receive(.factResponse("1 is a number")) { $0.fact = "1 is a number" }
  /// ```
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0 == expected },
      describe: { actual in "\(indentDiff(valueDiff(expected, actual)))\n\n(Expected: −, Received: +)" },
      expectation: expected, timeout: timeout, assert: updateStateToExpectedResult,
      at: IssueLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
    )
  }
}

extension TestStore {
  /// Asserts that the next action an effect fed back is in the case `casePath`, and the state
  /// it produced.
  ///
  /// ```swift
  /// await store.receive(\.signInResponse) { $0.isSigningIn = false }
  /// ```
  public func receive<Value>(
    _ casePath: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: SendableMetatype, Value: SendableMetatype {
    let path = AnyCasePath(casePath)
    await receiveAction(
      matching: { path.extract(from: $0) != nil },
      describe: { actual in "  " + debugDumpLine(actual) },
      expectation: nil, timeout: timeout, assert: updateStateToExpectedResult,
      at: IssueLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
    )
  }

  /// Asserts that the next action an effect fed back is in the case `casePath` with payload
  /// `value`, and the state it produced.
  ///
  /// ```swift
  /// await store.receive(\.usernameChecked, .exists) { $0.status = .ok }
  /// ```
  public func receive<Value: Equatable>(
    _ casePath: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: SendableMetatype, Value: SendableMetatype {
    let path = AnyCasePath(casePath)
    await receiveAction(
      matching: { path.extract(from: $0) == value },
      describe: { actual in
        guard path.extract(from: actual) != nil else { return "  " + debugDumpLine(actual) }
        return "\(indentDiff(valueDiff(path.embed(value), actual)))\n\n(Expected: −, Actual: +)"
      },
      expectation: path.embed(value), timeout: timeout, assert: updateStateToExpectedResult,
      at: IssueLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
    )
  }

  /// Asserts that the next action an effect fed back satisfies `isMatching`, and the state it
  /// produced; for actions that are awkward to build in a test.
  ///
  /// ```swift
  /// await store.receive {
  ///   if case .searchResponse(.success) = $0 { true } else { false }
  /// } assert: {
  ///   $0.results = ["IU"]
  /// }
  /// ```
  public func receive(
    _ isMatching: (_ action: Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      describe: { actual in "  " + debugDumpLine(actual) },
      expectation: nil, timeout: timeout, assert: updateStateToExpectedResult,
      at: IssueLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column)
    )
  }

  /// Drops every action received so far without asserting it; the state moves past them.
  ///
  /// With `strict`, having nothing to skip is reported.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await EffectExecutor.shared.settled()
    if received.isEmpty {
      if strict {
        reportIssue(
          """
          There were no received actions to skip.

          To fix, remove "await store.skipReceivedActions()", or pass "strict: false".
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      }
      return
    }
    if let last = received.last { moveBaseline(past: last) }
    received.removeAll()
  }

  /// Stops tracking the effects running now, so the test may end while they run; they are
  /// cancelled when the store is released.
  ///
  /// With `strict`, having nothing to skip is reported.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await EffectExecutor.shared.settled()
    if trackedEffects.isEmpty {
      if strict {
        reportIssue(
          """
          There were no in-flight effects to skip.

          To fix, remove "await store.skipInFlightEffects()", or pass "strict: false".
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      }
      return
    }
    ledger.withLock { $0.ignored.formUnion($0.inFlight.keys) }
  }

  /// The shared body of every `receive`: waits for an action, checks it, asserts its state.
  ///
  /// `describe` shows an action received instead of the expected one; `expectation` is the
  /// action expected, when the test named one.
  func receiveAction(
    matching isExpected: (Action) -> Bool,
    describe: (Action) -> String,
    expectation: Action?,
    timeout: Duration?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at location: IssueLocation
  ) async {
    let limit = timeout ?? self.timeout
    let arrived: Bool
    switch exhaustivity {
    case .on:
      arrived = await wait(timeout: limit) { self.hasReceivedActions }
    case .off:
      // Not exhaustive: actions before the expected one may be skipped.
      arrived = await wait(timeout: limit) { self.received.contains { isExpected($0.action) } }
    }
    guard arrived else {
      let expected = expectation.map { "\n\n  Expected:\n    \(debugDumpLine($0))" } ?? ""
      let skipped =
        received.isEmpty ? "" : "\n\n  Received instead:\n" + bulletList(received.map(\.action))
      let suggestion =
        trackedEffects.isEmpty
        ? """
        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
        : """
        There are effects in-flight, started by:
        \(describeEffects())

        If the effect that delivers this action waits on a clock, advance the test clock far \
        enough, or use an immediate clock. Otherwise, configure this assertion with an explicit \
        "timeout".
        """
      let kind = exhaustivity == .on ? "an action" : "a matching action"
      reportIssue(
        """
        Expected to receive \(kind), but received none after \(limit).\(expected)\(skipped)

        \(suggestion)
        """,
        at: location
      )
      return
    }

    if case .off(let show) = exhaustivity, let index = received.firstIndex(where: { isExpected($0.action) }),
      index > 0
    {
      if show {
        reportSkippedAssertion(
          """
          \(index) received \(index == 1 ? "action was" : "actions were") skipped:

          \(bulletList(received[..<index].map(\.action)))
          """,
          at: location
        )
      }
      moveBaseline(past: received[index - 1])
      received.removeFirst(index)
    }

    let next = removeFirstReceived()
    let action = next.action
    if isExpected(action) {
      assertState(
        actual: next.state, sharedState: next.sharedState,
        expectedChange: updateStateToExpectedResult, at: location
      )
    } else {
      // One failure for one mistake: the closure describes another action, so its state is not
      // compared; the baseline still moves past the action received.
      let later = received.contains { isExpected($0.action) } ? " before this one" : ""
      reportIssue(
        """
        Received unexpected action\(later): …

        \(describe(action))

        To fix, assert the actions in the order the effects send them.
        """,
        at: location
      )
      moveBaseline(past: next)
    }
    await EffectExecutor.shared.settled()
  }
}

/// A diff of two values; short ones on one line each, as actions usually are.
func valueDiff(_ expected: Any, _ actual: Any) -> String {
  let (old, new) = (debugDumpLine(expected), debugDumpLine(actual))
  if old.count <= 100, new.count <= 100, old != new {
    return "− \(old)\n+ \(new)"
  }
  return debugDiff(expected, actual) ?? "− \(old)\n+ \(new)"
}
