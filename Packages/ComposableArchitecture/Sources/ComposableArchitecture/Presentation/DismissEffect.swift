import Dependencies

/// Lets a presented feature close itself from one of its effects.
///
/// ```swift
/// @Dependency(\.dismiss) var dismiss
/// …
/// case .saveButtonTapped:
///   return .run { _ in
///     try await save()
///     await dismiss()
///   }
/// ```
///
/// Calling it sends `.dismiss` (or `.popFrom(id:)` for a stack element) to the parent that
/// presented the feature, which clears the child's state and cancels its effects.
public struct DismissEffect: Sendable {
  /// Set by the presentation or stack reducer around each effect of the child it runs.
  @TaskLocal static var handler: Handler?

  /// Sends the presenter's dismiss action. A nominal wrapper rather than a bare closure: a
  /// task-local of optional function type crashes in release builds (Swift 6.3, Linux).
  struct Handler: Sendable {
    let dismiss: nonisolated(nonsending) @Sendable () async -> Void
  }

  /// What to do when no presenter is found: set by a root that can be dismissed, such as a test
  /// store.
  private let dismissRoot: Handler?

  /// Creates the effect; it finds its presenter through the running effect.
  public init() {
    self.dismissRoot = nil
  }

  /// Creates an effect that runs `dismiss` when called from a feature that is not presented
  /// (the root of a store), as TCA's does; a presented feature still dismisses itself through
  /// its presenter.
  ///
  /// ```swift
  /// let dismissals = Mutex(0)
  /// let store = TestStore(initialState: Editor.State()) { Editor() } withDependencies: {
  ///   $0.dismiss = DismissEffect { dismissals.withLock { $0 += 1 } }
  /// }
  /// ```
  public init(_ dismiss: nonisolated(nonsending) @escaping @Sendable () async -> Void) {
    self.dismissRoot = Handler(dismiss: dismiss)
  }

  /// Asks the presenting parent to dismiss this feature.
  nonisolated(nonsending) public func callAsFunction(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    guard let handler = Self.handler ?? dismissRoot else {
      reportIssue(
        """
        A reducer requested dismissal at "\(fileID):\(line)", but couldn't be dismissed. …

        Nothing was dismissed: "dismiss" works only in effects of a feature presented with \
        "ifLet(\\.$destination, …)" or "forEach(\\.path, …)", or at the root of a test store. \
        To fix, present the feature that way, or send its parent an action of your own.
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    await handler.dismiss()
  }
}

private enum DismissEffectKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension DependencyValues {
  /// Closes the presented feature whose effect calls it; see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissEffectKey.self] }
    set { self[DismissEffectKey.self] = newValue }
  }
}

extension Effect {
  /// This effect with each of its `.run` operations able to call ``DismissEffect``, which sends
  /// `dismissAction` through the operation's own `send`.
  func dismissing(with dismissAction: Action) -> Effect {
    switch operation {
    case .none, .send, .cancel:
      return self
    case .run(let run):
      return Effect(
        .run(
          Run(priority: run.priority, dependencies: run.dependencies, location: run.location) { send in
            await DismissEffect.$handler.withValueOnCallerActor(
              DismissEffect.Handler { await send(dismissAction) }
            ) {
              await run.operation(send)
            }
          }))
    case .merge(let effects):
      return Effect(.merge(effects.map { $0.dismissing(with: dismissAction) }))
    case .concatenate(let effects):
      return Effect(.concatenate(effects.map { $0.dismissing(with: dismissAction) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect(
        .cancellable(
          id: id, cancelInFlight: cancelInFlight, effect.dismissing(with: dismissAction)))
    }
  }
}
