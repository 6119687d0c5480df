/// Runs `operation` on the main actor from an effect: in place when the effect is already
/// running there, as it does under a plain store, and with a hop otherwise (under a test store,
/// whose effects run on its own executor).
///
/// Awaiting a main-actor function from code already on the main actor still asks the runtime to
/// switch executors twice, going in and coming back, and each switch reads the task's executor
/// preference under its status lock. An effect calls into its store for each action it sends and
/// once when it ends; the check here switches nothing.
nonisolated(nonsending) func callOnMainActor(_ operation: @MainActor @Sendable () -> Void) async {
  if isMainActor(#isolation) {
    callInPlace(operation)
  } else {
    await MainActor.run(body: operation)
  }
}

/// Whether `isolation` is the main actor. A function of its own: written inline in
/// `callOnMainActor`, the comparison makes the Swift 6.3.1 optimizer emit invalid LLVM IR
/// ("PHINode should have one entry for each predecessor") and the release build crash.
private func isMainActor(_ isolation: (any Actor)?) -> Bool {
  isolation === MainActor.shared
}

/// Runs `operation` now; the caller has checked that it runs on the main actor.
private func callInPlace(_ operation: @MainActor @Sendable () -> Void) {
  MainActor.assumeIsolated(operation)
}
