import Dependencies

/// The `send` of a ``TestStore`` that an effect descends from: the one that started it, or the one
/// whose effects sent back the action that started it.
///
/// It travels as a task-local: effects are tasks created while the store reduces, and they inherit
/// the value current there — the test's `send`, or the effect that sent the action back.
struct SendOrigin: Sendable {
  @TaskLocal static var current: SendOrigin?

  /// Tells the sends of one store apart.
  let id: Int
  /// Where the test called `send`.
  let location: IssueLocation
}

/// An effect a ``TestStore`` is waiting on.
struct RunningEffect<Action> {
  /// The action whose reduction returned the effect.
  let action: Action
  /// The `send` it descends from; `nil` for an effect started outside any `send`.
  let origin: SendOrigin?
}
