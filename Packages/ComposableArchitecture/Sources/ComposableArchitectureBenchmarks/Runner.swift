import Foundation

/// Runs the chosen cases and prints their figures: a warm-up run, then `samples` runs of each
/// case (and of its floor, interleaved, so both see the same load), as min / median / max.
@MainActor
struct Runner {
  let samples: Int
  private(set) var busyCases: [String] = []
  private(set) var highestLoad: Double = 0

  init(samples: Int) {
    self.samples = samples
  }

  static let columns =
    "case".padding(toLength: 66, withPad: " ", startingAt: 0)
    + "min".leftPadded(11) + "median".leftPadded(11) + "max".leftPadded(11) + "  target"

  mutating func run(_ benchmark: BenchmarkCase) async {
    let loadBefore = MachineLoad.now()
    // Warm-up: caches, lazily made metadata and the allocator's pools are ready before timing.
    _ = await benchmark.sample()
    _ = await benchmark.floor?.sample()
    var figures: [Double] = []
    var floorFigures: [Double] = []
    for _ in 0..<samples {
      figures.append(await benchmark.sample())
      if let floor = benchmark.floor { floorFigures.append(await floor.sample()) }
    }
    let loadAfter = MachineLoad.now()
    let busy = loadBefore.isBusy || loadAfter.isBusy
    if busy { busyCases.append(benchmark.label) }
    highestLoad = [highestLoad, loadBefore.oneMinute ?? 0, loadAfter.oneMinute ?? 0].max() ?? 0

    let ours = Samples(figures)
    let floor = floorFigures.isEmpty ? nil : Samples(floorFigures)
    print(
      line("\(benchmark.label) \(benchmark.title)", ours, unit: benchmark.unit)
        + "  " + verdict(benchmark, ours: ours, floor: floor, busy: busy, load: loadAfter))
    if let floor, let floorCase = benchmark.floor {
      let ratio = String(format: "ours ÷ floor %.2f× (medians)", ours.median / floor.median)
      print(line("     floor: \(floorCase.title)", floor, unit: benchmark.unit) + "  " + ratio)
    }
    if let remark = benchmark.remark?() { print("     \(remark)") }
  }

  private func line(_ name: String, _ samples: Samples, unit: Unit) -> String {
    let name = name.count > 65 ? String(name.prefix(64)) + "…" : name
    return name.padding(toLength: 66, withPad: " ", startingAt: 0)
      + unit.format(samples.min).leftPadded(11) + unit.format(samples.median).leftPadded(11)
      + unit.format(samples.max).leftPadded(11)
  }

  /// Whether the median meets the target. A median over target is reported with the spread
  /// and the load, never as a verdict on its own: on a busy machine it says so.
  private func verdict(
    _ benchmark: BenchmarkCase, ours: Samples, floor: Samples?, busy: Bool, load: MachineLoad
  ) -> String {
    guard let target = benchmark.target else { return "" }
    let limit: Double
    let wanted: String
    switch target {
    case .atMost(let value):
      limit = value
      wanted = "≤ \(benchmark.unit.format(value))"
    case .timesFloor(let factor):
      guard let floor else { return "" }
      limit = floor.median * factor
      wanted = String(format: "≤ %.2g× floor", factor)
    }
    if samples < 5 { return "\(wanted): too few samples to judge" }
    if ours.median <= limit { return "\(wanted): met" }
    let spread = ours.min <= limit ? "min within, median above" : "every sample above"
    // Memory does not move with the load; time does.
    return busy && benchmark.unit == .nanoseconds
      ? "\(wanted): above (\(spread); machine busy, re-measure quiet)"
      : "\(wanted): above (\(spread))"
  }
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
