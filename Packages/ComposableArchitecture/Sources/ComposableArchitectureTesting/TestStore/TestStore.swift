import ComposableArchitecture
import Synchronization

/// A store for tests that makes you account for everything a feature does: every state change,
/// every action its effects send back and every effect still running.
///
/// ```swift
/// @MainActor
/// @Test func factButton_success_showsFact() async {
///   let clock = TestClock()
///   let store = TestStore(initialState: NumberFact.State()) {
///     NumberFact()
///   } withDependencies: {
///     $0.numberFact.fetch = { "\($0) is a good number." }
///     $0.continuousClock = clock
///   }
///   await store.send(.factButtonTapped) { $0.isLoading = true }
///   await clock.advance(by: .seconds(1))
///   await store.receive(\.factResponse) {
///     $0.isLoading = false
///     $0.fact = "0 is a good number."
///   }
/// }
/// ```
///
/// A failed expectation is reported as a test failure (Swift Testing or XCTest) with a diff:
/// `−` lines are what the test expected, `+` lines what happened. Effects run on an executor the
/// store watches, so after each step the store waits until they have done all they can, instead
/// of sleeping. Use it on the main actor.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  /// Whether every change must be asserted (``Exhaustivity/on``, the default).
  public var exhaustivity: Exhaustivity {
    get { exhaustivityOnMainActor }
    set {
      exhaustivityOnMainActor = newValue
      ledger.withLock { $0.exhaustivity = newValue }
    }
  }
  // Copies of the ledger's fields that every step reads, read here without taking its lock:
  // each access through the lock also looks the ledger's generic type up at run time.
  private var exhaustivityOnMainActor = Exhaustivity.on
  private var expectedStateOnMainActor: State

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait before reporting a failure.
  public var timeout: Duration = .seconds(1)

  let core: StoreCore<State, Action>
  /// The state as of the last step the test asserted.
  var expectedState: State {
    get { expectedStateOnMainActor }
    set {
      expectedStateOnMainActor = newValue
      ledger.withLock { $0.expectedState = newValue }
    }
  }
  /// Whether the feature dismissed itself (see ``DismissEffect``) at the root of the store:
  /// `#expect(store.isDismissed)` after the step that ran `await dismiss()`.
  public internal(set) var isDismissed = false
  /// The state right after the last sent action, before the actions it fed back, and its shared
  /// state then.
  var sentState: State?
  var sentSharedState: SharedStep?
  /// What the end-of-test check needs, readable from the deinit.
  let ledger: Mutex<Ledger<State, Action>>
  var waiters: [Int: (continuation: CheckedContinuation<Void, Never>, timer: Task<Void, Never>)] = [:]
  var nextWaiterID = 0
  var nextSendID = 0
  let location: IssueLocation

  /// Creates a test store for `reducer` from `initialState`, with the test's dependencies set up
  /// by `prepareDependencies`.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    TestIssueReporter.install()
    var dependencies = DependencyValues.currentValues
    dependencies.context = .test
    // As in TCA, a feature that dismisses itself at the root of a test store dismisses the store.
    let dismissal = RootDismissal()
    dependencies.dismiss = DismissEffect { await dismissal.dismiss() }
    dependencies.update(prepareDependencies)
    dependencies.sharedChangeTracker = SharedChangeTracker()
    let (state, reducer) = withDependencies {
      $0 = dependencies
    } operation: {
      (initialState(), reducer())
    }
    let hooks = StoreHooks<State, Action>()
    self.core = StoreCore(initialState: state, reducer: reducer, dependencies: dependencies, hooks: hooks)
    self.expectedStateOnMainActor = state
    self.ledger = Mutex(
      Ledger(expectedState: state) { state in
        // Both sides hold the same references: only shared values can differ.
        SharedAssertion.comparingSnapshots(step: nil) { state == state ? nil : stateDiff(state, state) }
      })
    self.location = IssueLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column
    )
    install(hooks)
    dismissal.store = self
  }

  private func install(_ hooks: StoreHooks<State, Action>) {
    let sharedChangeTracker = core.dependencies.sharedChangeTracker
    hooks.didReduce = { [weak self] action, origin, state in
      guard let self else { return }
      switch origin {
      case .send:
        sentState = state
        sentSharedState = sharedChangeTracker?.recordStep()
      case .effect:
        // Shared state lives in references that later steps change too: its values are recorded
        // now, as the step's state is.
        let shared = sharedChangeTracker?.recordStep()
        ledger.withLock { $0.received.append((action, state, shared)) }
        wakeWaiters()
      }
    }
    hooks.effectStarted = { [weak self] id, action in
      // An effect is started within the `send` it descends from (see `SendOrigin.current`).
      let effect = RunningEffect(action: action, origin: SendOrigin.current)
      self?.ledger.withLock { $0.inFlight[id] = effect }
    }
    hooks.effectFinished = { [weak self] id in
      guard let self else { return }
      ledger.withLock {
        $0.inFlight[id] = nil
        $0.ignored.remove(id)
      }
      wakeWaiters()
    }
    hooks.taskExecutor = EffectExecutor.shared
    hooks.hopStarted = { EffectExecutor.shared.hopStarted() }
    hooks.hopFinished = { EffectExecutor.shared.hopFinished() }
  }

  // Not `isolated`: an isolated deinit runs without the test's task locals, so its failures
  // would not reach the test. The store's core cancels the effects when it is released.
  nonisolated deinit {
    ledger.withLock { $0.reportUnfinishedWork(at: location) }
  }

  /// The state as of the last step the test asserted: the last `send`, or the last `receive`.
  ///
  /// Actions that effects fed back and the test has not received yet are not part of it, as in
  /// the state the test's assertion closures start from.
  public var state: State { expectedState }

  /// The dependencies the feature runs with; changing them affects the actions sent after.
  public var dependencies: DependencyValues {
    get { core.dependencies }
    set { core.dependencies = newValue }
  }

  /// Sends `action` and asserts the state it produces: `assert` changes the previous state
  /// into the expected one; leave it out when the action changes nothing.
  ///
  /// Returns once the effects the action started have done all they can without waiting on a
  /// clock or the outside world.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = IssueLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column
    )
    guard !isDismissed else {
      reportIssue(
        """
        Can't send action to dismissed test store.

          Action:
            \(debugDumpLine(action))

        The feature dismissed itself ("await dismiss()"), which ended this test store and \
        cancelled its effects. To fix, end the test once "store.isDismissed" is true, or test the \
        dismissal from the parent that presents the feature.
        """,
        at: location
      )
      return TestStoreTask(rawValue: nil, timeout: timeout)
    }
    if hasReceivedActions {
      reportPendingReceivedActions(beforeSendingAt: location)
    }
    sentState = nil
    sentSharedState = nil
    let origin = SendOrigin(id: nextSendID, location: location)
    nextSendID += 1
    let task = SendOrigin.$current.withValue(origin) { core.send(action, origin: .send) }
    let actual = sentState ?? core.state
    assertState(
      actual: actual,
      sharedState: sentSharedState ?? core.dependencies.sharedChangeTracker?.recordStep(),
      expectedChange: updateStateToExpectedResult, at: location
    )
    await EffectExecutor.shared.settled()
    let descendants = EffectDescendants(
      cancel: { [weak self] in await self?.cancelEffects(descendingFrom: origin.id) },
      wait: { [weak self] timeout in
        await self?.waitForEffects(descendingFrom: origin.id, timeout: timeout) ?? true
      }
    )
    return TestStoreTask(rawValue: task, timeout: timeout, descendants: descendants)
  }

  /// Asserts the current state without an action, in non-exhaustive tests: `assert` sets the
  /// fields the test cares about.
  public func assert(
    _ updateStateToExpectedResult: (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = IssueLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column
    )
    withoutActuallyEscaping(updateStateToExpectedResult) { change in
      assertState(
        actual: core.state, sharedState: nil, expectedChange: change,
        expectsChange: false, at: location
      )
    }
  }

  /// Waits until every running effect has finished; reports the ones still running after
  /// `timeout`, naming the actions that started them.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let limit = timeout ?? self.timeout
    await EffectExecutor.shared.settled()
    let finished = await wait(timeout: limit) { self.trackedEffects.isEmpty }
    let location = IssueLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column
    )
    if !received.isEmpty {
      handleUnassertedReceivedActions(unexpectedActionsHeadline, at: location)
    }
    guard !finished else { return }
    // Like every unasserted thing, a failure only when exhaustive, as in TCA.
    let message = """
      Expected effects to finish, but there are still effects in-flight after \(limit).

        Started by:
      \(describeEffects())

      To fix, advance the test clock the effects wait on (or use an immediate clock), finish the \
      streams they read, cancel them with an action, or configure this assertion with an \
      explicit "timeout".
      """
    ledger.withLock { $0.report(message, at: location) }
  }

  /// Actions fed back by effects and not asserted yet, with the state each produced.
  var received: [ReceivedAction<State, Action>] {
    get { ledger.withLock { $0.received } }
    set { ledger.withLock { $0.received = newValue } }
  }

  /// Whether effects fed back actions the test has not asserted yet.
  var hasReceivedActions: Bool { ledger.withLock { !$0.received.isEmpty } }

  /// Takes the first action fed back and not asserted yet; there must be one.
  func removeFirstReceived() -> ReceivedAction<State, Action> {
    ledger.withLock { $0.received.removeFirst() }
  }

  /// The running effects the test must still account for.
  var trackedEffects: [Int: RunningEffect<Action>] { ledger.withLock { $0.trackedEffects } }

  func describeEffects() -> String { ledger.withLock { $0.describeEffects() } }
}

/// An action fed back by an effect, with the state it produced and the shared state then.
typealias ReceivedAction<State, Action> = (action: Action, state: State, sharedState: SharedStep?)

/// The test's bookkeeping of received actions and running effects.
///
/// It sits behind a lock so the store's deinit, which may not run on the main actor, can read it
/// to report what the test left unasserted.
struct Ledger<State, Action: Sendable>: @unchecked Sendable {
  // Unchecked: the states are written and read on the main actor only; the deinit reads actions,
  // and the asserted state to compare its shared values with their current ones.
  var expectedState: State
  /// A diff of the shared values in a state as of the last assertion and now; `nil` if none
  /// changed since.
  let unassertedSharedChanges: (State) -> String?
  var exhaustivity: Exhaustivity = .on
  var received: [ReceivedAction<State, Action>] = []
  var inFlight: [Int: RunningEffect<Action>] = [:]
  var ignored: Set<Int> = []

  var trackedEffects: [Int: RunningEffect<Action>] { inFlight.filter { !ignored.contains($0.key) } }

  func describeEffects() -> String {
    Self.describe(trackedEffects)
  }

  static func describe(_ effects: [Int: RunningEffect<Action>]) -> String {
    bulletList(effects.sorted { $0.key < $1.key }.map(\.value.action))
  }

  /// Reports what the test left unasserted; runs when the store is released.
  func reportUnfinishedWork(at location: IssueLocation) {
    if !received.isEmpty {
      reportUnasserted(unexpectedActionsHeadline, at: location)
    } else if let diff = unassertedSharedChanges(expectedState) {
      // A change made by an effect after the last action the test asserted, which no step shows.
      report(
        """
        Test store completed before asserting against changes to shared state: …

        \(indentDiff(diff))

        (Expected: −, Actual: +)

        To fix, invoke "store.assert { … }" at the end of this test to assert against changes to \
        shared state.
        """,
        at: location
      )
    }
    // Each group of effects is reported at the `send` it descends from, as TCA does, so the
    // failure points at the line that started the effect rather than at the store.
    let groups = Dictionary(grouping: trackedEffects) { $0.value.origin?.id ?? -1 }
    for (_, group) in groups.sorted(by: { $0.key < $1.key }) {
      let running = Dictionary(uniqueKeysWithValues: group.map { ($0.key, $0.value) })
      let headline =
        running.count == 1
        ? "An effect returned for this action is still running. It must complete"
        : "\(running.count) effects returned for this action are still running. They must complete"
      report(
        """
        \(headline) before the end of the test. …

          Started by:
        \(Self.describe(running))

        To fix, make sure every effect completes by the end of the test:

        • If an effect waits on a clock, advance the test clock so that it completes, or use an \
        immediate clock.

        • If it is long-living (a timer, a stream), tear it down: mark it ".cancellable(id:)" and \
        return ".cancel(id:)" from another action (as a screen's ".onDisappear" would), or cancel \
        the task "store.send" returned with "await task.cancel()".

        • If it does not matter here, perform "await store.skipInFlightEffects()", or use a \
        non-exhaustive test store: "store.exhaustivity = .off".
        """,
        at: group.first?.value.origin?.location ?? location
      )
    }
  }

  /// Reports the received actions the test has not asserted, as a failure or a skipped assertion.
  func reportUnasserted(_ headline: (_ count: Int) -> String, at location: IssueLocation) {
    report(
      """
      \(headline(received.count))

        Unhandled actions:
      \(bulletList(received.map(\.action)))

      To fix, assert each with "await store.receive(…)", skip them with \
      "await store.skipReceivedActions()", or use a non-exhaustive test store: \
      "store.exhaustivity = .off".
      """,
      at: location
    )
  }

  /// A failure when exhaustive; a skipped assertion, or nothing, when not.
  func report(_ message: String, at location: IssueLocation) {
    switch exhaustivity {
    case .on: reportIssue(message, at: location)
    case .off(let show): if show { reportSkippedAssertion(message, at: location) }
    }
  }
}

func plural(_ word: String, _ count: Int) -> String { count == 1 ? word : word + "s" }

/// TCA's headline for received actions the test never asserted.
func unexpectedActionsHeadline(_ count: Int) -> String {
  "The store received \(count) unexpected \(plural("action", count)) by the end of this test: …"
}

/// Values one to a line, as TCA lists unhandled actions: `    • .action`.
func bulletList(_ values: [Any]) -> String {
  values.map { "    • " + debugDumpLine($0) }.joined(separator: "\n")
}

/// A diff indented as TCA's failure messages indent theirs.
func indentDiff(_ diff: String) -> String {
  diff.split(separator: "\n", omittingEmptySubsequences: false)
    .map { $0.isEmpty ? "" : "    " + $0 }
    .joined(separator: "\n")
}
