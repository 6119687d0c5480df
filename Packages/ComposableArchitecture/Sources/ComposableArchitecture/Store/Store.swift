import Dependencies
import Observation

/// Runs a feature: actions go in, state changes come out, effects run.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.numberFact = .live
/// }
/// store.send(.incrementButtonTapped)
/// print(store.state.count)  // 1
/// ```
///
/// A store lives on the main actor. Reading ``state`` inside `withObservationTracking` observes
/// it; ``states`` streams snapshots. Releasing the store (and every store scoped from it)
/// cancels its effects.
@MainActor
public final class Store<State, Action: Sendable> {
  private let core: any StoreCoreProtocol
  private let readState: @MainActor () -> State
  private let sendAction: @MainActor (Action) -> Task<Void, Never>?

  /// Creates a store running `reducer` from `initialState`, with dependencies changed by
  /// `prepareDependencies`.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    var dependencies = DependencyValues.currentValues
    if let prepareDependencies { dependencies.update(prepareDependencies) }
    let (state, reducer) = withDependencyValues(dependencies) { (initialState(), reducer()) }
    self.init(core: StoreCore(initialState: state, reducer: reducer, dependencies: dependencies))
  }

  package convenience init(core: StoreCore<State, Action>) {
    self.init(core: core, readState: { core.state }, sendAction: { core.send($0) })
  }

  private init(
    core: any StoreCoreProtocol,
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action) -> Task<Void, Never>?
  ) {
    self.core = core
    self.readState = readState
    self.sendAction = sendAction
  }

  /// The current state. Reading it inside `withObservationTracking` observes it.
  public var state: State {
    core.accessState()
    return readState()
  }

  /// Reads the current state without observing it.
  public func withState<R>(_ body: (State) -> R) -> R {
    body(readState())
  }

  /// Sends an action: the reducer runs now, and the effects it returns start.
  ///
  /// Await the returned task's ``StoreTask/finish()`` to wait for those effects.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    StoreTask(sendAction(action))
  }

  /// A store for a child feature, in sync with this one: its state is read through `state`,
  /// its actions are sent as `action`.
  ///
  /// ```swift
  /// let usernameStore = store.scope(state: \.username, action: \.username)
  /// ```
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let readState = self.readState
    let sendAction = self.sendAction
    let casePath = AnyCasePath(toChildAction)
    let getter = KeyPathGetter(toChildState)
    return Store<ChildState, ChildAction>(
      core: core,
      readState: { getter(readState()) },
      sendAction: { sendAction(casePath.embed($0)) }
    )
  }

  /// A store for an optional child feature, or `nil` while the child state is `nil`.
  ///
  /// The child store keeps the last non-`nil` state, so a view that still holds it while the
  /// child is being dismissed can render one last time.
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard var lastState = readState()[keyPath: toChildState] else { return nil }
    let optionalStore: Store<ChildState?, ChildAction> = scope(state: toChildState, action: toChildAction)
    let readOptional = optionalStore.readState
    return Store<ChildState, ChildAction>(
      core: core,
      readState: {
        if let state = readOptional() { lastState = state }
        return lastState
      },
      sendAction: optionalStore.sendAction
    )
  }
}

extension Store where State: Sendable {
  /// The current state, then the state after every send, newest first when the reader is slow.
  ///
  /// ```swift
  /// for await state in store.states { render(state) }
  /// ```
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(1))
    continuation.yield(readState())
    let readState = self.readState
    let id = core.addChangeHandler { continuation.yield(readState()) }
    continuation.onTermination = { [weak core] _ in
      Task { @MainActor in core?.removeChangeHandler(id) }
    }
    return stream
  }
}

/// A store of a reducer's state and action: `StoreOf<Counter>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>
