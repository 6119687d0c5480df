import Dependencies
import Observation

/// The engine behind a root ``Store``: holds the state, runs the reducer, starts, tracks and
/// cancels effects.
///
/// Actions sent while another is being processed (by `Effect.send`, or by an observer reacting to
/// a change) are queued and processed in order, so a reducer never runs re-entrantly.
@MainActor
package final class StoreCore<State, Action: Sendable>: Observable, StoreCoreProtocol {
  package private(set) var state: State
  private let reducer: (inout State, Action) -> Effect<Action>
  package var dependencies: DependencyValues
  package let hooks: StoreHooks<State, Action>?
  private let registrar = ObservationRegistrar()

  private var buffer: [QueuedAction] = []
  private var hasQueuedActions = false
  // A generic class's key path literal is instantiated at runtime on every use (demangling the
  // generic arguments, over 1 µs); made once here, observation costs nanoseconds per send.
  private let stateKeyPath: KeyPath<StoreCore, State> = \.state

  /// An action waiting its turn; a struct because generic tuple metadata is looked up per use.
  private struct QueuedAction {
    let action: Action
    let origin: ActionOrigin
  }
  private var isSending = false
  private var nextEffectID = 0
  private var inFlight: [Int: (task: Task<Void, Never>, cancelIDs: [CancelID])] = [:]
  private var cancellables: [CancelID: Set<Int>] = [:]
  private var changeHandlers: [Int: @MainActor () -> Void] = [:]
  private var nextChangeHandlerID = 0

  package init<R: Reducer<State, Action>>(
    initialState: State,
    reducer: R,
    dependencies: DependencyValues,
    hooks: StoreHooks<State, Action>? = nil
  ) {
    self.state = initialState
    self.reducer = ReduceFunction(reducer).run
    self.dependencies = dependencies
    self.hooks = hooks
  }

  isolated deinit {
    for effect in inFlight.values { effect.task.cancel() }
    changeHandlers.removeAll()
  }

  /// Registers an observation of ``state``.
  package func accessState() {
    registrar.access(self, keyPath: stateKeyPath)
  }

  /// The number of effect tasks still running.
  package var inFlightCount: Int { inFlight.count }

  /// Processes `action` and everything it queues; returns the effects it started.
  package func send(_ action: Action, origin: ActionOrigin = .send) -> Task<Void, Never>? {
    guard !isSending else {
      enqueue(action, origin: origin)
      return nil
    }
    isSending = true
    var tasks: [Task<Void, Never>] = []
    registrar.withMutation(of: self, keyPath: stateKeyPath) {
      // The action sent is processed directly; the queue is touched only when reducing it
      // sent more (the common case never pays for the queue's generic array operations).
      process(action, origin: origin, into: &tasks)
      // A plain flag: asking the generic array would look up its type metadata on every send.
      guard hasQueuedActions else { return }
      var index = 0
      while index < buffer.count {
        let queued = buffer[index]
        index += 1
        process(queued.action, origin: queued.origin, into: &tasks)
      }
      buffer = []
      hasQueuedActions = false
    }
    isSending = false
    if !changeHandlers.isEmpty {
      for handler in changeHandlers.values { handler() }
    }
    return Self.combine(tasks)
  }

  /// Queues an action sent while another is being processed.
  private func enqueue(_ action: Action, origin: ActionOrigin) {
    buffer.append(QueuedAction(action: action, origin: origin))
    hasQueuedActions = true
  }

  private func process(
    _ action: Action, origin: ActionOrigin, into tasks: inout [Task<Void, Never>]
  ) {
    let effect =
      dependencies.isProcessDefault
      ? reducer(&state, action)
      : withDependencyValues(dependencies) { reducer(&state, action) }
    hooks?.didReduce?(action, origin, state)
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
    for effect in inFlight.values { effect.task.cancel() }
  }

  private func execute(
    _ effect: Effect<Action>, from action: Action, cancelIDs: [CancelID],
    into tasks: inout [Task<Void, Never>]
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
      tasks.append(startSequence(effects, from: action, cancelIDs: cancelIDs))
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(id: id) }
      execute(inner, from: action, cancelIDs: cancelIDs + [id], into: &tasks)
    case .cancel(let id):
      cancel(id: id)
    }
  }

  private func cancel(id: CancelID) {
    guard let ids = cancellables.removeValue(forKey: id) else { return }
    for effectID in ids { inFlight[effectID]?.task.cancel() }
  }

  private func makeSend() -> Send<Action> {
    let (hopStarted, hopFinished) = (hooks?.hopStarted, hooks?.hopFinished)
    return Send { [weak self] action in
      hopStarted?()
      await self?.deliver(action)
      hopFinished?()
    }
  }

  private func deliver(_ action: Action) {
    _ = send(action, origin: .effect)
  }

  private func start(
    _ run: Effect<Action>.Run, from action: Action, cancelIDs: [CancelID]
  ) -> Task<Void, Never> {
    let send = makeSend()
    let operation = run.operation
    let dependencies = run.dependencies
    let id = nextEffectID
    nextEffectID += 1
    let (hopStarted, hopFinished) = (hooks?.hopStarted, hooks?.hopFinished)
    let task = Task(executorPreference: hooks?.taskExecutor, priority: run.priority) { [weak self] in
      await withDependencyValues(dependencies) {
        await operation(send)
      }
      hopStarted?()
      await self?.effectDidFinish(id)
      hopFinished?()
    }
    track(id, task, from: action, cancelIDs: cancelIDs)
    return task
  }

  private func startSequence(
    _ effects: [Effect<Action>], from action: Action, cancelIDs: [CancelID]
  )
    -> Task<Void, Never>
  {
    let id = nextEffectID
    nextEffectID += 1
    let (hopStarted, hopFinished) = (hooks?.hopStarted, hooks?.hopFinished)
    let task = Task(executorPreference: hooks?.taskExecutor) { [weak self] in
      for effect in effects {
        guard !Task.isCancelled else { break }
        hopStarted?()
        let step = await self?.startStep(effect, from: action, cancelIDs: cancelIDs)
        hopFinished?()
        guard let step else { break }
        await withTaskCancellationHandler {
          await step.value
        } onCancel: {
          step.cancel()
        }
      }
      hopStarted?()
      await self?.effectDidFinish(id)
      hopFinished?()
    }
    track(id, task, from: action, cancelIDs: cancelIDs)
    return task
  }

  /// Starts one effect of a sequence; returns a task that ends when it has finished.
  private func startStep(
    _ effect: Effect<Action>, from action: Action, cancelIDs: [CancelID]
  ) -> Task<
    Void, Never
  > {
    var tasks: [Task<Void, Never>] = []
    execute(effect, from: action, cancelIDs: cancelIDs, into: &tasks)
    return Self.combine(tasks) ?? Task {}
  }

  private func track(_ id: Int, _ task: Task<Void, Never>, from action: Action, cancelIDs: [CancelID]) {
    inFlight[id] = (task, cancelIDs)
    for cancelID in cancelIDs { cancellables[cancelID, default: []].insert(id) }
    hooks?.effectStarted?(id, action)
  }

  private func effectDidFinish(_ id: Int) {
    guard let effect = inFlight.removeValue(forKey: id) else { return }
    for cancelID in effect.cancelIDs {
      cancellables[cancelID]?.remove(id)
      if cancellables[cancelID]?.isEmpty == true { cancellables[cancelID] = nil }
    }
    hooks?.effectFinished?(id)
  }

  private static func combine(_ tasks: [Task<Void, Never>]) -> Task<Void, Never>? {
    switch tasks.count {
    case 0: return nil
    case 1: return tasks[0]
    default:
      return Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }
}
