/// One benchmark: what it measures, its target, and the plain-Swift floor measured beside it.
@MainActor
struct BenchmarkCase {
  /// The name that picks the case on the command line: `a`, `a2` for (a″), `d1` for (d′).
  let id: String
  /// How the README and the output name it: "(a″)".
  let label: String
  let title: String
  var unit = Unit.nanoseconds
  var target: Target?
  /// One sample: the figure of one full run of the case.
  let sample: @MainActor () async -> Double
  var floor: Floor?
  /// A line said after the figures, about what the samples observed (notifications, effects
  /// left running); `nil` when there is nothing to say.
  var remark: (@MainActor () -> String?)?
}

/// The same work done in plain Swift, without the library, sampled in the same run.
struct Floor {
  let title: String
  let sample: @MainActor () async -> Double
}

/// What a case's median must meet.
enum Target {
  /// At most this many units (nanoseconds or bytes).
  case atMost(Double)
  /// At most this multiple of the floor's median.
  case timesFloor(Double)
}
