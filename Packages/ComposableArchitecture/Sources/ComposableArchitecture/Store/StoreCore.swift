import Dependencies
import Observation

/// The engine behind a root ``Store``: holds the state, runs the reducer, starts, tracks and
/// cancels effects.
///
/// Actions sent while another is being processed (by `Effect.send`, or by an observer reacting to
/// a change) are queued and processed in order, so a reducer never runs re-entrantly.
@MainActor
package final class StoreCore<State, Action: Sendable>: StoreCoreProtocol {
  /// The state, in memory of its own: see ``StateStorage``.
  let storage: StateStorage<State>
  package var state: State { storage.pointer.pointee }
  private let reducer: (inout State, Action) -> Effect<Action>
  // Unchecked exclusivity here and below: these are touched on the main actor only, never
  // across a call that could touch them again, and a checked access costs more than a send.
  @exclusivity(unchecked) package var dependencies: DependencyValues {
    didSet { usesProcessDependencies = dependencies.isProcessDefault }
  }
  /// Whether ``dependencies`` are the process's plain values, which need not be installed
  /// around each action.
  @exclusivity(unchecked) private var usesProcessDependencies: Bool
  package let hooks: StoreHooks<State, Action>?

  @exclusivity(unchecked) private var buffer: [QueuedAction] = []
  @exclusivity(unchecked) private(set) var hasQueuedActions = false
  /// The reads of the state, by this store and the stores scoped from it, that an observer may
  /// be tracking; checked after each send. See `StoreCore+Observation.swift`. Held strongly
  /// (a weak reference costs more than the check): a store keeps the stores scoped from it, so
  /// an observation lives as long as the root store anyway, and leaves the list on its first
  /// change.
  @exclusivity(unchecked) var watched: [StateObservation] = []
  /// The observers started by `Store.observe` that read from this store or the stores scoped
  /// from it; each is checked after each send. Held strongly: cancelling one removes it.
  @exclusivity(unchecked) var observers: [StoreObserver] = []
  /// The reads of the state that those observers read, compared once after each send.
  @exclusivity(unchecked) var observedByObservers: [StateObservation] = []

  /// An action waiting its turn; a struct because generic tuple metadata is looked up per use.
  private struct QueuedAction {
    let action: Action
    let origin: ActionOrigin
  }
  @exclusivity(unchecked) private var isSending = false
  private let registry = EffectRegistry()
  /// What `Task.cancel(id:)` inside this store's effects reaches; bound around each effect. Made
  /// on the first effect (it needs `self`); not `lazy`, whose checked access every effect would pay.
  @exclusivity(unchecked) private var madeEffectStore: EffectStore?
  private var effectStore: EffectStore {
    if let madeEffectStore { return madeEffectStore }
    // `weak let`, not `[weak self]`: see `makeSend`.
    weak let core = self
    let store = EffectStore { id in await core?.cancel(id: id) }
    madeEffectStore = store
    return store
  }
  @exclusivity(unchecked) private var changeHandlers: [Int: @MainActor () -> Void] = [:]
  private var nextChangeHandlerID = 0

  package init<R: Reducer<State, Action>>(
    initialState: State,
    reducer: R,
    dependencies: DependencyValues,
    hooks: StoreHooks<State, Action>? = nil
  ) {
    self.storage = StateStorage(initialState)
    self.reducer = ReduceFunction(reducer).run
    self.dependencies = dependencies
    self.usesProcessDependencies = dependencies.isProcessDefault
    self.hooks = hooks
  }

  isolated deinit {
    registry.cancelAll()
    changeHandlers.removeAll()
  }

  /// The number of effect tasks still running.
  package var inFlightCount: Int { registry.count }

  /// Processes `action` and everything it queues; returns the effects it started.
  package func send(_ action: Action, origin: ActionOrigin = .send) -> Task<Void, Never>? {
    guard !isSending else {
      enqueue(action, origin: origin)
      return nil
    }
    isSending = true
    var tasks = EffectTasks()
    // The action sent is processed directly; the queue is touched only when reducing it
    // sent more (the common case never pays for the queue's generic array operations).
    process(action, origin: origin, into: &tasks)
    // A plain flag: asking the generic array would look up its type metadata on every send.
    if hasQueuedActions { processQueue(into: &tasks) }
    // Observers hear once per send, after every queued action; a send nobody watches pays
    // nothing more.
    if !watched.isEmpty || !observers.isEmpty { notifyObservers(into: &tasks) }
    isSending = false
    if !changeHandlers.isEmpty {
      for handler in changeHandlers.values { handler() }
    }
    return tasks.combined
  }

  /// Processes the actions queued while processing, and those they queue, in order.
  ///
  /// Kept out of line: inlined, the queue's generic metadata would be looked up on every send.
  @inline(never)
  func processQueue(into tasks: inout EffectTasks) {
    var index = 0
    while index < buffer.count {
      let queued = buffer[index]
      index += 1
      process(queued.action, origin: queued.origin, into: &tasks)
    }
    buffer = []
    hasQueuedActions = false
  }

  /// Queues an action sent while another is being processed.
  private func enqueue(_ action: Action, origin: ActionOrigin) {
    buffer.append(QueuedAction(action: action, origin: origin))
    hasQueuedActions = true
  }

  private func process(
    _ action: Action, origin: ActionOrigin, into tasks: inout EffectTasks
  ) {
    let state = storage.pointer
    storage.changeCount &+= 1
    let effect =
      usesProcessDependencies
      ? reducer(&state.pointee, action)
      : withDependencyValues(dependencies) { reducer(&state.pointee, action) }
    hooks?.didReduce?(action, origin, state.pointee)
    if case .none = effect.operation { return }
    execute(effect, from: action, cancelIDs: [], into: &tasks)
  }

  /// Calls `handler` after every send, once all the actions it queued were processed.
  package func addChangeHandler(_ handler: @escaping @MainActor () -> Void) -> Int {
    let id = nextChangeHandlerID
    nextChangeHandlerID += 1
    changeHandlers[id] = handler
    return id
  }

  /// Stops calling the handler registered under `id`.
  package func removeChangeHandler(_ id: Int) {
    changeHandlers[id] = nil
  }

  /// Cancels every running effect.
  package func cancelAllEffects() {
    registry.cancelAll()
  }

  /// Cancels the running effects with the given ids (the ids ``StoreHooks/effectStarted`` saw).
  package func cancelEffects(ids: some Sequence<Int>) {
    registry.cancel(ids: ids)
  }

  private func execute(
    _ effect: Effect<Action>, from action: Action, cancelIDs: [CancelID],
    into tasks: inout EffectTasks
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let next):
      // While processing, `send` queues `next` behind the current action and returns nil.
      if let task = send(next, origin: .effect) { tasks.append(task) }
    case .run(let run):
      tasks.append(start(run, from: action, cancelIDs: cancelIDs))
    case .merge(let effects):
      for effect in effects { execute(effect, from: action, cancelIDs: cancelIDs, into: &tasks) }
    case .concatenate(let effects):
      // Leading effects that finish as they start (`.send`, `.cancel`) run now, in order, so
      // `.concatenate(.send(a), .send(b))` queues `a` and `b` back to back, as a merge would:
      // started from a task, `b` would arrive on a later turn, after whatever came in between.
      let synchronous = effects.prefix { $0.finishesWhenStarted }
      for effect in synchronous { execute(effect, from: action, cancelIDs: cancelIDs, into: &tasks) }
      if synchronous.count < effects.count {
        tasks.append(
          startSequence(Array(effects[synchronous.count...]), from: action, cancelIDs: cancelIDs))
      }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      execute(inner, from: action, cancelIDs: cancelIDs + [id], into: &tasks)
    case .cancel(let id):
      cancel(id: id)
    }
  }

  private func cancel(id: CancelID) {
    registry.cancel(id)
  }

  private func makeSend(
    forEffect effectID: Int, startedBy origin: Action, location: EffectLocation?
  ) -> Send<Action> {
    let (hopStarted, hopFinished) = (hooks?.hopStarted, hooks?.hopFinished)
    // `weak let`, not `[weak self]`: a capture list makes the closure run on the global pool
    // rather than on its caller's actor (Swift 6.3).
    weak let core = self
    return Send { action in
      hopStarted?()
      if let core {
        await callOnMainActor {
          core.deliver(action, fromEffect: effectID, startedBy: origin, location: location)
        }
      } else if !Task.isCancelled {
        // The store is gone, so the effect has finished (its release cancelled the effect, whose
        // own task is cancelled): this `send` escaped into other work, as TCA reports too.
        reportSendAfterEffectFinished(action: action, startedBy: origin, effectLocation: location)
      }
      hopFinished?()
    }
  }

  private func deliver(
    _ action: Action, fromEffect effectID: Int, startedBy origin: Action, location: EffectLocation?
  ) {
    // Cancelled while on its way here: an action reduced in between (the pop of the screen that
    // started the effect) ended the effect. `Send` checked before the hop; as TCA's `send` does
    // on the main actor, check again where the actions are reduced in order.
    guard !Task.isCancelled else { return }
    // A `send` that escaped its effect, called once the effect has finished.
    guard registry.isRunning(effectID) else {
      reportSendAfterEffectFinished(action: action, startedBy: origin, effectLocation: location)
      return
    }
    // The store's own dependencies, always: this runs in the effect's task, whose task-local
    // values may carry overrides that only the effect's body is meant to see.
    withDependencyValues(dependencies) { _ = send(action, origin: .effect) }
  }

  private func start(
    _ run: Effect<Action>.Run, from action: Action, cancelIDs: [CancelID]
  ) -> Task<Void, Never> {
    let id = registry.reserveID()
    return launch(
      id: id, from: action, cancelIDs: cancelIDs, priority: run.priority, dependencies: run.dependencies,
      sending: makeSend(forEffect: id, startedBy: action, location: run.location), run.operation
    )
  }

  private func startSequence(
    _ effects: [Effect<Action>], from action: Action, cancelIDs: [CancelID]
  ) -> Task<Void, Never> {
    let (hopStarted, hopFinished) = (hooks?.hopStarted, hooks?.hopFinished)
    weak let core = self
    // The steps send through the effects they start, not through this one's `Send`.
    let nothingToSend = Send<Action> { _ in }
    return launch(id: registry.reserveID(), from: action, cancelIDs: cancelIDs, sending: nothingToSend) { _ in
      for effect in effects {
        guard !Task.isCancelled else { break }
        hopStarted?()
        let step = await core?.startStep(effect, from: action, cancelIDs: cancelIDs)
        hopFinished?()
        guard let step else { break }
        await withTaskCancellationHandler {
          await step.value
        } onCancel: {
          step.cancel()
        }
      }
    }
  }

  /// Runs `work` with `send` as a tracked effect: cancellable by its ids, counted until it
  /// finishes.
  ///
  /// The effect runs on the main actor, like the store: an effect's own code is glue between
  /// dependencies and `send`, and every hop between threads costs a wake-up (tens of
  /// microseconds on Linux, where the main queue is served by a pool thread), while a round trip
  /// that stays on the main actor costs about a microsecond. The dependencies an effect awaits
  /// are ordinary `async` functions, so their work still runs off the main actor. Under a test
  /// store, effects run on its executor instead, which counts their work so that the test can
  /// tell when they have settled.
  ///
  /// It starts on the main actor's next turn, after the `send` that started it has returned, as
  /// TCA 1.x's `Task { @MainActor in … }` does, on every platform: `Task.immediate` would start it
  /// within `send`, but only from macOS/iOS 26, and a feature must not behave one way on iOS 26
  /// and another on iOS 18.
  ///
  /// The task-local values the effect sees (its store, for `Task.cancel(id:)`, and `dependencies`)
  /// are bound around the task's creation, which copies them into the task, rather than inside
  /// it: binding them from within the task costs an asynchronous scope each, and a check of the
  /// executor on every return from one.
  private func launch(
    id: Int, from action: Action, cancelIDs: [CancelID], priority: TaskPriority? = nil,
    dependencies: DependencyValues? = nil,
    sending send: Send<Action>,
    _ work: nonisolated(nonsending) @escaping @Sendable (Send<Action>) async -> Void
  ) -> Task<Void, Never> {
    registry.register(id, cancelIDs: cancelIDs)
    hooks?.effectStarted?(id, action)
    let (hopStarted, hopFinished) = (hooks?.hopStarted, hooks?.hopFinished)
    let executor = hooks?.taskExecutor
    // `weak let`, not `[weak self]`: see `makeSend`.
    weak let core = self
    // The work is handed its `Send` here rather than through a closure of its own: one closure
    // and one asynchronous frame fewer per effect.
    let body: nonisolated(nonsending) @Sendable () async -> Void = {
      await work(send)
      hopStarted?()
      if let core { await callOnMainActor { core.effectDidFinish(id) } }
      hopFinished?()
    }
    let task = EffectStore.$current.withValue(effectStore) {
      if let dependencies {
        withDependencyValues(dependencies) {
          Self.makeTask(priority: priority, executor: executor, body)
        }
      } else {
        Self.makeTask(priority: priority, executor: executor, body)
      }
    }
    registry.setTask(task, of: id)
    return task
  }

  /// A task running `body` on the main actor from its next turn, or on `executor` when given.
  private static func makeTask(
    priority: TaskPriority?, executor: (any TaskExecutor)?,
    _ body: nonisolated(nonsending) @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    if let executor {
      Task(executorPreference: executor, priority: priority) { await body() }
    } else {
      Task(priority: priority) { @MainActor in await body() }
    }
  }

  /// Starts one effect of a sequence; returns a task that ends when it has finished.
  private func startStep(
    _ effect: Effect<Action>, from action: Action, cancelIDs: [CancelID]
  ) -> Task<
    Void, Never
  > {
    var tasks = EffectTasks()
    // Runs in the sequence's task: see `deliver`.
    withDependencyValues(dependencies) {
      execute(effect, from: action, cancelIDs: cancelIDs, into: &tasks)
    }
    return tasks.combined ?? Task {}
  }

  private func effectDidFinish(_ id: Int) {
    guard registry.finish(id) else { return }
    hooks?.effectFinished?(id)
  }
}
