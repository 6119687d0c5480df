extension Effect {
  /// Waits `duration` on `clock` before running this effect; a newer effect with the same `id`
  /// restarts the wait, so only the last of a quick burst runs.
  ///
  /// ```swift
  /// case .binding(\.username):
  ///   return .run { [name = state.username] send in
  ///     await send(.checkResponse(Result { try await checkExistAccount(name) }))
  ///   }
  ///   .debounce(id: CancelID.check, for: .milliseconds(300), clock: clock)
  /// ```
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C
  ) -> Effect where C.Duration: Sendable {
    if case .none = operation { return .cancel(id: id) }
    let wait = Effect.run { _ in try await clock.sleep(for: duration) }
    return Effect.concatenate(wait, self).cancellable(id: id, cancelInFlight: true)
  }
}
