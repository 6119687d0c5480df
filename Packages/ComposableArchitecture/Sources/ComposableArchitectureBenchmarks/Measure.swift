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

/// The case letters named on the command line; empty runs every case.
let selectedCases = Set(CommandLine.arguments.dropFirst())

/// Whether the case named `(x) …` was asked for.
func isSelected(_ name: String) -> Bool {
  guard !selectedCases.isEmpty else { return true }
  let letter = name.dropFirst().prefix { $0 != ")" && $0 != "'" }
  return selectedCases.contains(String(letter))
}

@MainActor
func report(_ name: String, target: Double?, runs: Int = 5, _ run: () -> Double) {
  guard isSelected(name) else { return }
  let samples = (0..<runs).map { _ in run() }.sorted()
  printLine(name, median: samples[runs / 2], target: target)
}

@MainActor
func reportAsync(_ name: String, target: Double?, runs: Int = 5, _ run: () async -> Double) async {
  guard isSelected(name) else { return }
  var samples: [Double] = []
  for _ in 0..<runs { samples.append(await run()) }
  samples.sort()
  printLine(name, median: samples[runs / 2], target: target)
}

func printLine(_ name: String, median: Double, target: Double?) {
  let figure = String(format: "%10.1f ns", median)
  let verdict: String
  if let target {
    verdict = median <= target ? "  ok (target ≤ \(Int(target)) ns)" : "  OVER target ≤ \(Int(target)) ns"
  } else {
    verdict = ""
  }
  print("\(name.padding(toLength: 62, withPad: " ", startingAt: 0)) \(figure)\(verdict)")
}
