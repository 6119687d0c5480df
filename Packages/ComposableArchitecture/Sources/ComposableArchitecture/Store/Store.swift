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
  /// Where this store's state sits in the root's memory, when every step of its scope is a
  /// stored property; members are then read at their offset, not through the whole state.
  private let location: StateLocation?
  /// The root's memory, on the root store only: what observers of its whole state compare.
  private let rootMemory: StateMemory?
  private let sendAction: @MainActor (Action) -> Task<Void, Never>?
  /// What observers of ``state`` track, made on first read; members have their own, in
  /// `observedMembers`.
  private var observedState: ObservedValue<State>?
  private var observedMembers: [AnyKeyPath: StateObservation] = [:]
  /// The member read last, and its observation.
  private var lastMember: (keyPath: AnyKeyPath, observation: StateObservation)?
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
    let storage = core.storage
    self.init(
      core: core, location: StateLocation(memory: storage, offset: 0), rootMemory: storage,
      readState: { storage.pointer.pointee }, sendAction: { core.send($0) })
  }

  private init(
    core: any StoreCoreProtocol,
    location: StateLocation?,
    rootMemory: StateMemory? = nil,
    readState: @escaping @MainActor () -> State,
    sendAction: @escaping @MainActor (Action) -> Task<Void, Never>?
  ) {
    self.core = core
    self.location = location
    self.rootMemory = rootMemory
    self.readState = readState
    self.sendAction = sendAction
  }

  /// The current state. Reading it inside `withObservationTracking` observes it: the observation
  /// is told when this store's state changes.
  ///
  /// How a change is told, here and for a member (`store.rows`): an ``IdentifiedArray`` by its
  /// change version, in constant time (and by the version of its ids alone when the reader read
  /// only its count, `isEmpty` or `index(id:)`, so a change inside one element does not concern it); the root
  /// store's whole state, unless it holds no references, by whether an action was reduced since;
  /// any other `Equatable` value with `==`, after checking whether it is the very copy read; a
  /// value holding no references bit for bit. Anything else counts as changed after every send.
  /// No observer keeps a copy of an `IdentifiedArray` or of the root state, so the reducer
  /// changes them in place, copying nothing.
  public var state: State {
    let state = readState()
    let observedState: ObservedValue<State>
    if let existing = self.observedState {
      observedState = existing
    } else {
      observedState = ObservedValue.make(state, wholeStateOf: rootMemory, read: readState)
      self.observedState = observedState
    }
    if let observer = StoreObserver.current {
      observer.record(observedState, core: core)
    } else if observedState.access(state) {
      core.watch(observedState)
    }
    return observedState.handOut(state)
  }

  /// One member of the current state: `store.count`. Reading it inside
  /// `withObservationTracking` observes that member only.
  ///
  /// ```swift
  /// withObservationTracking { render(store.title) } onChange: { scheduleRender() }
  /// store.send(.countIncremented)  // the title did not change: no render
  /// ```
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let observation = observation(of: keyPath)
    // Through the observation's reader, which reads stored properties by offset.
    let value = observation.currentValue()
    if let observer = StoreObserver.current {
      observer.record(observation, core: core)
    } else if observation.access(value) {
      core.watch(observation)
    }
    return observation.handOut(value)
  }

  /// The observation of the member at `keyPath`, made on first use.
  private func observation<Value>(of keyPath: KeyPath<State, Value>) -> ObservedValue<Value> {
    // A key path written in code is one object for the life of the process: a view reading the
    // same member again finds it without hashing the key path.
    if let lastMember, lastMember.keyPath === keyPath {
      // Stored for `keyPath` below, so it observes a `Value`.
      return unsafeDowncast(lastMember.observation, to: ObservedValue<Value>.self)
    }
    if let observation = observedMembers[keyPath] {
      lastMember = (keyPath, observation)
      // Stored under `keyPath` below, so it observes a `Value`.
      return unsafeDowncast(observation, to: ObservedValue<Value>.self)
    }
    let member = location?.appending(keyPath)
    let read: @MainActor () -> Value
    if let member {
      read = { member.read(Value.self) }
    } else {
      let readState = self.readState
      let reader = StateReader(keyPath)
      read = { reader(readState()) }
    }
    let observation = ObservedValue.make(read(), at: member, read: read)
    observedMembers[keyPath] = observation
    lastMember = (keyPath, observation)
    return observation
  }

  /// Calls `body` now, and again after every send that changes what it read from this store,
  /// the stores scoped from it, or any other store, until the token is cancelled or released.
  ///
  /// ```swift
  /// let token = store.observe { titleLabel.text = store.title }
  /// store.send(.countIncremented)  // the title did not change: the body does not run
  /// ```
  ///
  /// The observation stays armed: after each send (once all the actions it queued were
  /// processed), each value the body read is checked again, as ``state`` describes, and the
  /// body runs again only when one changed, recording what it reads this time. Reads made inside the body are tracked by
  /// it alone, not by an enclosing `withObservationTracking`; SwiftUI and other Observation
  /// clients observe the store as before. Only reads through stores are tracked: a `@Shared`
  /// value changed outside a send (by an effect's `withLock`, say) or another `Observable`
  /// object does not run the body; it sees them on its next run. Hold the token for as long as
  /// the body should run.
  public func observe(_ body: @escaping @MainActor () -> Void) -> ObserveToken {
    let observer = StoreObserver(body)
    observer.run()
    return ObserveToken(observer)
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
    let sendAction = self.sendAction
    let casePath = AnyCasePath(toChildAction)
    let childLocation = location?.appending(toChildState)
    let readChildState: @MainActor () -> ChildState
    if let childLocation {
      readChildState = { childLocation.read(ChildState.self) }
    } else {
      let readState = self.readState
      let reader = StateReader(toChildState)
      readChildState = { reader(readState()) }
    }
    let child = Store<ChildState, ChildAction>(
      core: core,
      location: childLocation,
      readState: readChildState,
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
      // The last non-`nil` state is kept here, not in the root's memory.
      location: nil,
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
