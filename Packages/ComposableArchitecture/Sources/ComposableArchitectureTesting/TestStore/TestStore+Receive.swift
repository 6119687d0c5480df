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
      describe: { actual in
        "Received an action other than the one expected.\n\n\(valueDiff(expected, actual))\n\n(Expected: −, Received: +)"
      },
      expectation: debugDumpLine(expected), timeout: timeout, assert: updateStateToExpectedResult,
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
      describe: { actual in "Received \(debugDumpLine(actual)), which is not in the expected case." },
      expectation: "in the expected case", timeout: timeout, assert: updateStateToExpectedResult,
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
        guard let payload = path.extract(from: actual) else {
          return "Received \(debugDumpLine(actual)), which is not in the expected case."
        }
        return
          "Received the expected case with another payload:\n\n\(valueDiff(value, payload))\n\n(Expected: −, Received: +)"
      },
      expectation: debugDumpLine(value), timeout: timeout, assert: updateStateToExpectedResult,
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
      describe: { actual in "Received \(debugDumpLine(actual)), which does not match the predicate." },
      expectation: "matching the predicate", timeout: timeout, assert: updateStateToExpectedResult,
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
          "There were no received actions to skip. To fix it, remove 'skipReceivedActions()', or pass 'strict: false'.",
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
          "There were no in-flight effects to skip. To fix it, remove 'skipInFlightEffects()', or pass 'strict: false'.",
          fileID: fileID, filePath: filePath, line: line, column: column
        )
      }
      return
    }
    ledger.withLock { $0.ignored.formUnion($0.inFlight.keys) }
  }

  /// The shared body of every `receive`: waits for an action, checks it, asserts its state.
  func receiveAction(
    matching isExpected: (Action) -> Bool,
    describe: (Action) -> String,
    expectation: @autoclosure () -> String,
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
      let running =
        trackedEffects.isEmpty
        ? "No effect is running, so none can arrive."
        : "Effects still running, started by:\n\(describeEffects())"
      let skipped =
        received.isEmpty
        ? ""
        : "\n\nReceived instead:\n"
          + received.map { "  • " + debugDumpLine($0.action) }.joined(separator: "\n")
      reportIssue(
        """
        Expected to receive an action \(expectation()), but none arrived within \(limit).\(skipped)

        \(running)

        To fix it, check that the effect sends it (and that the clock it waits on is advanced), \
        or give it more time with 'receive(…, timeout:)'.
        """,
        at: location
      )
      return
    }

    if case .off(let show) = exhaustivity, let index = received.firstIndex(where: { isExpected($0.action) }),
      index > 0
    {
      if show {
        let list = received[..<index].map { "  • " + debugDumpLine($0.action) }.joined(separator: "\n")
        reportSkippedAssertion("Skipped receiving:\n\(list)", at: location)
      }
      moveBaseline(past: received[index - 1])
      received.removeFirst(index)
    }

    let next = removeFirstReceived()
    let action = next.action
    if isExpected(action) {
      assertState(
        after: "receiving " + debugDumpLine(action), actual: next.state, sharedState: next.sharedState,
        expectedChange: updateStateToExpectedResult, at: location
      )
    } else {
      // One failure for one mistake: the closure describes another action, so its state is not
      // compared; the baseline still moves past the action received.
      reportIssue(
        """
        \(describe(action))

        To fix it, assert the actions in the order the effects send them.
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
