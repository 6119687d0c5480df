import Dependencies

/// Work a reducer asks the store to do after changing state: talk to a dependency, wait, and
/// feed actions back in.
///
/// ```swift
/// case .factButtonTapped:
///   return .run { [count = state.count] send in
///     await send(.factResponse(Result { try await numberFact.fetch(count) }))
///   }
/// ```
public struct Effect<Action: Sendable>: Sendable {
  @usableFromInline let operation: Operation

  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    case send(Action)
    case run(Run)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: CancelID, cancelInFlight: Bool, Effect)
    case cancel(CancelID)
  }

  /// A class rather than a struct: a struct nested in this generic type is laid out at run time,
  /// so each copy of one, when the store takes an effect apart and starts it, looked its type
  /// metadata up again; a reference is retained instead.
  @usableFromInline
  final class Run: Sendable {
    let priority: TaskPriority?
    let dependencies: DependencyValues
    /// Where the effect was created, for reports about it.
    let location: EffectLocation?
    let operation: nonisolated(nonsending) @Sendable (Send<Action>) async -> Void

    init(
      priority: TaskPriority?, dependencies: DependencyValues, location: EffectLocation?,
      operation: nonisolated(nonsending) @escaping @Sendable (Send<Action>) async -> Void
    ) {
      self.priority = priority
      self.dependencies = dependencies
      self.location = location
      self.operation = operation
    }
  }

  @usableFromInline
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// No effect.
  public static var none: Effect { Effect(.none) }

  /// Feeds `action` back into the store right after the current action, synchronously.
  ///
  /// Prefer calling shared logic directly; use this to reuse another action's handling.
  public static func send(_ action: Action) -> Effect { Effect(.send(action)) }

  /// Runs asynchronous work that can send actions back to the store.
  ///
  /// The work sees the dependencies that were current when the reducer returned it. An error
  /// it throws goes to `handler`; with no handler, the error is reported as an issue (it is a
  /// bug to let an effect's error vanish). Cancellation is not an error.
  ///
  /// The work runs on the main actor, beside its store, so `send` costs no thread hop; the
  /// `async` functions it awaits (a client's endpoints) run their own work off the main actor.
  /// Do not block it with long synchronous work. It starts on the main actor's next turn, after
  /// the `send` that returned it, on every platform (as TCA 1.x's effects do), so nothing it sends
  /// is in the state that `send` leaves; a `TestStore` waits for it before `send` returns.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await message in await messageClient.updates(roomID) {
  ///     await send(.messageReceived(message))
  ///   }
  /// }
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    operation: nonisolated(nonsending) @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (
      nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void
    )? =
      nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Effect {
    let dependencies = DependencyValues.currentValues
    return Effect(
      .run(
        Run(
          priority: priority, dependencies: dependencies,
          location: EffectLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { send in
          do {
            try await operation(send)
          } catch is CancellationError {
            return
          } catch {
            if let handler {
              await handler(error, send)
            } else if !Task.isCancelled {
              reportIssue(
                """
                An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error. …

                    \(debugDumpLine(error))

                Errors thrown from "Effect.run" are not fed back to the store. To fix, handle every \
                error but cancellation: pass a "catch:" handler to "Effect.run", or catch the error \
                in a "do" block and send an action.
                """,
                fileID: fileID, filePath: filePath, line: line, column: column
              )
            }
          }
        }))
  }

  /// Runs the effects at the same time.
  public static func merge(_ effects: Effect...) -> Effect { merge(effects) }

  /// Runs the effects at the same time.
  public static func merge(_ effects: some Swift.Sequence<Effect>) -> Effect {
    effects.reduce(.none) { $0.merge(with: $1) }
  }

  /// Runs the effects one after another: each starts when the one before has finished.
  public static func concatenate(_ effects: Effect...) -> Effect { concatenate(effects) }

  /// Runs the effects one after another: each starts when the one before has finished.
  public static func concatenate(_ effects: some Swift.Sequence<Effect>) -> Effect {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Effect(.concatenate(effects))
    }
  }

  /// Whether the effect does all its work when the store starts it, with no task: it only
  /// sends actions synchronously or cancels.
  var finishesWhenStarted: Bool {
    switch operation {
    case .none, .send, .cancel: true
    case .run: false
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.finishesWhenStarted)
    case .cancellable(_, _, let effect): effect.finishesWhenStarted
    }
  }

  /// This effect and `other` at the same time.
  @inlinable
  public func merge(with other: Effect) -> Effect {
    switch (operation, other.operation) {
    case (.none, _): other
    case (_, .none): self
    case (.merge(let lhs), .merge(let rhs)): Effect(.merge(lhs + rhs))
    case (.merge(let lhs), _): Effect(.merge(lhs + [other]))
    case (_, .merge(let rhs)): Effect(.merge([self] + rhs))
    default: Effect(.merge([self, other]))
    }
  }

  /// This effect, then `other` once it has finished.
  public func concatenate(with other: Effect) -> Effect { .concatenate(self, other) }

  /// The same work, with each action it sends turned into another action.
  ///
  /// Parents use it to run a child feature's effect: `childEffect.map(Action.child)`.
  @inlinable
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    // Most actions return no effect; answering that here, specialized in the caller's module,
    // spares a generic call on every action routed through a parent.
    if case .none = operation { return Effect<NewAction>(.none) }
    return mapOperation(transform)
  }

  @usableFromInline
  func mapOperation<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let run):
      return Effect<NewAction>(
        .run(
          .init(priority: run.priority, dependencies: run.dependencies, location: run.location) { send in
            await run.operation(Send { await send(transform($0)) })
          }))
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id))
    }
  }
}
