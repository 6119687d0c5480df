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
/// this store's state: a change to it notifies the observation, a change elsewhere in the root
/// state does not. Reading one member, `store.count`, observes only that member. ``states``
/// streams snapshots. Releasing the store (and every store scoped from it) cancels its effects.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  private let core: any StoreCoreProtocol
  private let readState: @MainActor () -> State
  private let sendAction: @MainActor (Action) -> Task<Void, Never>?
  /// What observers of ``state`` track, made on first read; members have their own, in
  /// `observedMembers`.
  private var observedState: ObservedValue<State>?
  private var observedMembers: [AnyKeyPath: StateObservation] = [:]
  /// The stores scoped from this one: scoping again returns the same store, so what observers
  /// of it track lives as long as this store, even when the caller scopes on every render.
  private var scopedStores: [ScopeID: AnyObject] = [:]

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

  /// The current state. Reading it inside `withObservationTracking` observes it: the observation
  /// is told when this store's state changes (compared with `==` when it is `Equatable`).
  public var state: State {
    let state = readState()
    if let observedState {
      if observedState.access(state) { core.watch(observedState) }
    } else {
      let observedState = ObservedValue(state, read: readState)
      self.observedState = observedState
      if observedState.access(state) { core.watch(observedState) }
    }
    return state
  }

  /// One member of the current state: `store.count`. Reading it inside
  /// `withObservationTracking` observes that member only.
  ///
  /// ```swift
  /// withObservationTracking { render(store.title) } onChange: { scheduleRender() }
  /// store.send(.countIncremented)  // the title did not change: no render
  /// ```
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let value = readState()[keyPath: keyPath]
    let observation = observation(of: keyPath, value: value)
    if observation.access(value) { core.watch(observation) }
    return value
  }

  /// The observation of the member at `keyPath`, made on first use.
  private func observation<Value>(
    of keyPath: KeyPath<State, Value>, value: Value
  ) -> ObservedValue<Value> {
    if let observation = observedMembers[keyPath] {
      // Stored under `keyPath` by the line below, so it observes a `Value`.
      return unsafeDowncast(observation, to: ObservedValue<Value>.self)
    }
    let readState = self.readState
    let reader = StateReader(keyPath)
    let observation = ObservedValue(value) { reader(readState()) }
    observedMembers[keyPath] = observation
    return observation
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
    let id = ScopeID(state: toChildState, action: toChildAction, isOptional: false)
    if let child = scopedStores[id] {
      // Stored under `id` by this method, whose types `id`'s key paths fix.
      return unsafeDowncast(child, to: Store<ChildState, ChildAction>.self)
    }
    let readState = self.readState
    let sendAction = self.sendAction
    let casePath = AnyCasePath(toChildAction)
    let reader = StateReader(toChildState)
    let child = Store<ChildState, ChildAction>(
      core: core,
      readState: { reader(readState()) },
      sendAction: { sendAction(casePath.embed($0)) }
    )
    scopedStores[id] = child
    return child
  }

  /// A store for an optional child feature, or `nil` while the child state is `nil`.
  ///
  /// The child store keeps the last non-`nil` state, so a view that still holds it while the
  /// child is being dismissed can render one last time. Scoping inside
  /// `withObservationTracking` observes the child state, so the observer hears it appear.
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard var lastState = self[dynamicMember: toChildState] else { return nil }
    let id = ScopeID(state: toChildState, action: toChildAction, isOptional: true)
    if let child = scopedStores[id] {
      // Stored under `id` below, with the types `id`'s key paths fix.
      return unsafeDowncast(child, to: Store<ChildState, ChildAction>.self)
    }
    let optionalStore: Store<ChildState?, ChildAction> = scope(state: toChildState, action: toChildAction)
    let readOptional = optionalStore.readState
    let child = Store<ChildState, ChildAction>(
      core: core,
      readState: {
        if let state = readOptional() { lastState = state }
        return lastState
      },
      sendAction: optionalStore.sendAction
    )
    scopedStores[id] = child
    return child
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
