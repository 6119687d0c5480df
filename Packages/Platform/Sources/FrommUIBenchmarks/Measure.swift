import Foundation

/// Runs `body` `iterations` times; returns nanoseconds per iteration.
@MainActor
func measure(iterations: Int, _ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<iterations { body() }
  return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
}

/// Prints the median of `runs` runs of `run` against `target` (nanoseconds).
@MainActor
func report(_ name: String, target: Double?, runs: Int = 5, _ run: () async -> Double) async {
  var samples: [Double] = []
  for _ in 0..<runs { samples.append(await run()) }
  samples.sort()
  let median = samples[runs / 2]
  var line = name.padding(toLength: 60, withPad: " ", startingAt: 0) + String(format: "%12.1f ns", median)
  if let target {
    line += median <= target ? "  ok (target ≤ \(Int(target)) ns)" : "  OVER target ≤ \(Int(target)) ns"
  }
  print(line)
}
