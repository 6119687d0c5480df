/// How long each step of a graph check took (`--timings`): the figures that show where a slow
/// check spends its time as the repository grows.
public final class LoadTimings {
  /// One step: its name, its wall time in seconds and what it covered (`2024 files`).
  public struct Step: Sendable, Equatable {
    /// The step's name.
    public var name: String
    /// Wall time in seconds.
    public var seconds: Double
    /// What the step covered.
    public var detail: String
  }

  /// The steps in the order they ran.
  public private(set) var steps: [Step] = []

  /// Creates an empty record.
  public init() {}

  /// Records step `name` as ending now.
  public func record(_ name: String, since start: ContinuousClock.Instant, detail: String = "") {
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    steps.append(Step(name: name, seconds: seconds, detail: detail))
  }

  /// One line per step: `timing: sources 0.41 s (2024 files)`.
  public var report: String {
    steps.map { step in
      let seconds = (step.seconds * 1000).rounded() / 1000
      return "timing: \(step.name) \(seconds) s" + (step.detail.isEmpty ? "" : " (\(step.detail))")
    }
    .joined(separator: "\n")
  }
}
