import Foundation

/// The figures a case produced, one per sample, with their spread.
struct Samples {
  let values: [Double]

  init(_ values: [Double]) {
    precondition(!values.isEmpty, "a case needs at least one sample")
    self.values = values.sorted()
  }

  var min: Double { values[0] }
  var max: Double { values[values.count - 1] }
  var median: Double {
    let middle = values.count / 2
    return values.count.isMultiple(of: 2) ? (values[middle - 1] + values[middle]) / 2 : values[middle]
  }
}

/// What a case's figure counts.
enum Unit {
  /// Nanoseconds per operation.
  case nanoseconds
  /// Bytes of peak resident memory.
  case bytes

  /// `value` in a unit a reader takes in at a glance: "98.1 ns", "39.7 µs", "60.9 MiB".
  func format(_ value: Double) -> String {
    switch self {
    case .nanoseconds:
      if value < 10_000, value == value.rounded() { return String(format: "%.0f ns", value) }
      if value < 10_000 { return String(format: "%.1f ns", value) }
      if value < 10_000_000 { return String(format: "%.1f µs", value / 1_000) }
      return String(format: "%.1f ms", value / 1_000_000)
    case .bytes:
      return String(format: "%.1f MiB", value / 1_048_576)
    }
  }
}
