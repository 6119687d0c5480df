/// Where an action came from: sent from outside, or fed back by an effect.
package enum ActionOrigin: Sendable, Equatable {
  /// Sent through ``Store/send(_:)``.
  case send
  /// Sent by an effect, or by `Effect.send`.
  case effect
}
