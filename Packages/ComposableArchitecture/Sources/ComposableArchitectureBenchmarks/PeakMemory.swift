import ComposableArchitecture
import Foundation

/// (m): peak resident memory of 100,000 rows, each variant measured in a child process of its
/// own so that no case's allocations count against another.
enum PeakMemory {
  static let rowCount = 100_000

  /// What a child process holds while its peak is read.
  enum Variant: String, CaseIterable {
    /// Nothing: the process's own footprint, subtracted from the others.
    case empty
    /// The rows in an `IdentifiedArray`.
    case identified
    /// The rows in a plain `[Row]` with a `[ID: Int]` index of positions.
    case plain
  }

  struct Row: Identifiable, Equatable {
    let id: Int
    var title: String
    var isRead: Bool
  }

  /// The rows, made one at a time so no temporary array counts.
  static func rows() -> some Sequence<Row> {
    (0..<rowCount).lazy.map { Row(id: $0, title: "message \($0)", isRead: false) }
  }

  /// In the child: builds `variant`, then prints the process's peak resident bytes.
  static func runChild(_ variant: Variant) -> Int32 {
    switch variant {
    case .empty:
      break
    case .identified:
      let rows = IdentifiedArrayOf<Row>(uniqueElements: rows())
      precondition(rows[id: rowCount / 2]?.id == rowCount / 2, "a row went missing")
      consume(rows)
    case .plain:
      var plainRows: [Row] = []
      var index: [Int: Int] = [:]
      for row in rows() {
        index[row.id] = plainRows.count
        plainRows.append(row)
      }
      precondition(index[rowCount / 2].map { plainRows[$0].id } == rowCount / 2, "a row went missing")
      consume((plainRows, index))
    }
    guard let peak = peakResidentBytes() else {
      print("peak memory is not available on this platform")
      return 1
    }
    print(peak)
    return 0
  }

  /// In the parent: runs a child for `variant`; its peak resident bytes.
  static func measure(_ variant: Variant) -> Double {
    let process = Process()
    process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--peak-memory-child", variant.rawValue]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      print(
        "could not start \(process.executableURL?.path ?? "the benchmark") again to measure memory: \(error)")
      return .nan
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, let bytes = Double(text) else {
      print("the memory child for \(variant) failed (status \(process.terminationStatus)): \(text)")
      return .nan
    }
    return bytes
  }
}

/// The most memory this process has had resident, in bytes.
///
/// On Linux from `/proc/self/status` (`VmHWM`): `getrusage`'s peak there is carried over from
/// the parent across `exec`, so a child would report its parent's peak.
func peakResidentBytes() -> Int? {
  #if os(Linux)
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return nil }
  return kilobytes * 1_024
  #else
  return rusagePeakResidentBytes()
  #endif
}

/// `getrusage`'s peak (`ru_maxrss`), which is in bytes on Darwin, where it is used; compiled on
/// Linux too, so that only the choice between the two is Apple-only.
private func rusagePeakResidentBytes() -> Int? {
  var usage = rusage()
  guard getrusage(rusageWho(RUSAGE_SELF), &usage) == 0 else { return nil }
  return Int(usage.ru_maxrss)
}

/// `RUSAGE_SELF` as `getrusage` takes it: Darwin declares an `Int32`, Glibc an enum case.
private func rusageWho(_ who: Int32) -> Int32 { who }

private func rusageWho<Who: RawRepresentable>(_ who: Who) -> Int32 where Who.RawValue: BinaryInteger {
  Int32(who.rawValue)
}

@MainActor
func memoryCases() -> [BenchmarkCase] {
  var baselines: [Double] = []
  return [
    BenchmarkCase(
      id: "m", label: "(m)",
      title: "peak RSS above an empty process, 100,000 rows in an IdentifiedArray",
      unit: .bytes,
      target: .timesFloor(1.1),
      sample: {
        let empty = PeakMemory.measure(.empty)
        baselines.append(empty)
        return PeakMemory.measure(.identified) - empty
      },
      floor: Floor(title: "the same rows in [Row] plus a [ID: Int] index") {
        PeakMemory.measure(.plain) - PeakMemory.measure(.empty)
      },
      remark: {
        let empty = Samples(baselines)
        return "each variant in a child process of its own; the empty process peaks at "
          + Unit.bytes.format(empty.median) + " (median)"
      }
    )
  ]
}
