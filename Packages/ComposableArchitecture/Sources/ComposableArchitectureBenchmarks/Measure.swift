import Foundation

/// Runs `body` `iterations` times; returns nanoseconds per iteration.
@MainActor
func measure(iterations: Int, _ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { body() }
  let end = DispatchTime.now().uptimeNanoseconds
  return Double(end - start) / Double(iterations)
}

/// Runs the asynchronous `body` `iterations` times; returns nanoseconds per iteration.
@MainActor
func measureAsync(iterations: Int, _ body: () async -> Void) async -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { await body() }
  let end = DispatchTime.now().uptimeNanoseconds
  return Double(end - start) / Double(iterations)
}

/// Keeps `value` alive as far as the optimizer can tell, so the work producing it is not
/// folded away.
@inline(never)
func consume<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
