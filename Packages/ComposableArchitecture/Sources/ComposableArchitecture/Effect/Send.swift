/// Sends actions from an effect back into its store.
///
/// ```swift
/// .run { send in
///   await send(.tick)
/// }
/// ```
///
/// Actions are delivered on the main actor, in the order sent. Once the effect is cancelled,
/// sending does nothing, so a cancelled effect can never change state.
public struct Send<Action: Sendable>: Sendable {
  let deliver: nonisolated(nonsending) @Sendable (Action) async -> Void

  /// Creates a `Send` that hands actions to `deliver`; useful to test an effect's work directly.
  public init(_ deliver: nonisolated(nonsending) @escaping @Sendable (Action) async -> Void) {
    self.deliver = deliver
  }

  /// Sends `action` to the store, unless the effect was cancelled.
  nonisolated(nonsending) public func callAsFunction(_ action: Action) async {
    guard !Task.isCancelled else { return }
    await deliver(action)
  }
}
