import AuthClient
import AuthClientLive
import CommonDataModels
import CommonKit
import Foundation
import MessageClient
import MessageClientLive
import MessageDataModels
import NetworkProvider
import Synchronization
import Testing

// How long a new message takes to reach a fan who follows the room: from the artist's send call
// to the fan's `followRoom` reporting it, embedded (in-process, the apps' default) and over HTTP
// on loopback, with polling every 2 s (how rooms were followed before long polls) and with long
// polls. A measurement, not a check: it prints figures and runs only when asked, alone:
//
//   FROMM_MEASURE_LATENCY=12 swift test --package-path Packages/Client --filter MessageLatency

private let messagesPerRun = Int(ProcessInfo.processInfo.environment["FROMM_MEASURE_LATENCY"] ?? "") ?? 0

@Suite(.enabled(if: messagesPerRun > 0, "set FROMM_MEASURE_LATENCY to the messages per row to measure"))
struct MessageLatencyMeasurement {
  @Test func latency_pollingAgainstLongPolls_printsFigures() async throws {
    print("message latency, artist's send call → fan's followRoom, ms (\(messagesPerRun) messages per row)")
    print("transport  mode                   min  median    mean     p90     max")
    for http in [false, true] {
      for mode in modes {
        let values = try await measure(mode: mode, http: http)
        #expect(values.count == messagesPerRun, "every message reaches the follower")
        let label = (http ? "HTTP" : "embedded").padding(toLength: 10, withPad: " ", startingAt: 0)
        print(
          "\(label) \(mode.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(summary(values, of: messagesPerRun))"
        )
      }
    }
  }
}

private struct Mode {
  var name: String
  var longPollWait: Duration
  var pollInterval: Duration
}

private let modes = [
  Mode(name: "polling every 2 s", longPollWait: .zero, pollInterval: .seconds(2)),
  Mode(name: "long poll", longPollWait: .seconds(4), pollInterval: .milliseconds(250)),
]

/// Sends messages at uneven moments (a fixed sequence, so runs compare) and returns each one's
/// latency in milliseconds.
private func measure(mode: Mode, http: Bool) async throws -> [Double] {
  let backend = try MeasurementBackend(name: "latency", http: http)
  defer { backend.remove() }
  let fanAPI = backend.api("fan")
  let artistAPI = backend.api("artist")
  _ = try await AuthClient.live(fanAPI).signIn("demo_fan", demoPassword)
  let room = try await AuthClient.live(artistAPI).signIn("iu_official", demoPassword).account.id
  let artist = MessageClient.live(artistAPI)
  let fan = MessageClient.live(fanAPI, longPollWait: mode.longPollWait, pollInterval: mode.pollInterval)

  let arrivals = ArrivalLog()
  let (loaded, loadedSignal) = AsyncStream<Void>.makeStream()
  let follower = Task {
    for try await update in fan.followRoom(room, nil) {
      switch update {
      case .loaded: loadedSignal.yield()
      case .messages(let batch): arrivals.record(batch.map(\.id))
      case .interrupted, .resumed, .deleted: continue
      }
    }
  }
  defer { follower.cancel() }
  for await _ in loaded { break }
  return try await arrivals.latencies(sending: messagesPerRun) { index in
    try await artist.send(room, "latency probe \(index)", UUID()).id
  }
}

extension Duration {
  var milliseconds: Double {
    Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
  }
}

func summary(_ values: [Double], of expected: Int) -> String {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return "no message arrived" }
  func at(_ fraction: Double) -> Double {
    sorted[min(Int(Double(sorted.count - 1) * fraction), sorted.count - 1)]
  }
  let mean = sorted.reduce(0, +) / Double(sorted.count)
  let figures = [sorted[0], at(0.5), mean, at(0.9), sorted[sorted.count - 1]].map {
    String(format: "%7.1f", $0)
  }
  let missing = expected - sorted.count
  return figures.joined(separator: " ") + (missing > 0 ? "  (\(missing) did not arrive)" : "")
}
