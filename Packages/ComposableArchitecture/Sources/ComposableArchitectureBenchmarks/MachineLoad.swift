import Foundation

/// How busy the machine is: its 1-minute load average against its processor count.
struct MachineLoad {
  /// The 1-minute load average, or `nil` where the platform does not tell.
  let oneMinute: Double?
  let processors: Int

  /// The load now.
  static func now() -> MachineLoad {
    MachineLoad(oneMinute: oneMinuteLoadAverage(), processors: ProcessInfo.processInfo.activeProcessorCount)
  }

  /// Whether other work competes with the benchmark: more than three quarters of the
  /// processors busy on average over the last minute. The benchmark itself keeps about one
  /// busy, so on a quiet 2-core machine the load stays near 1.
  var isBusy: Bool {
    guard let oneMinute else { return false }
    return oneMinute > Double(processors) * 0.75
  }

  /// "1-min load 3.02 on 2 cores", or that the platform gives none.
  var description: String {
    guard let oneMinute else { return "load average unavailable on \(processors) cores" }
    return String(format: "1-min load %.2f on %d cores", oneMinute, processors)
  }
}

/// The 1-minute load average, from the C library's `getloadavg` (Glibc reads `/proc/loadavg`).
private func oneMinuteLoadAverage() -> Double? {
  var loads = [Double](repeating: 0, count: 3)
  guard getloadavg(&loads, 3) >= 1 else { return nil }
  return loads[0]
}
