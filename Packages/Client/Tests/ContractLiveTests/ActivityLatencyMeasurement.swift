import ArtistClient
import ArtistClientLive
import AuthClient
import AuthClientLive
import CommonDataModels
import CommonKit
import Foundation
import MessageClient
import MessageClientLive
import NetworkProvider
import Synchronization
import Testing

// How long news in another room takes to reach a fan's artist list: from the artist's send call
// in a room the fan is not reading to the fan's `followActivity` reporting that room, embedded
// (in-process, the apps' default) and over HTTP on loopback. A measurement, not a check: it
// prints figures and runs only when asked, alone:
//
//   FROMM_MEASURE_ACTIVITY=12 swift test --package-path Packages/Client --filter ActivityLatency

private let postsPerRun = Int(ProcessInfo.processInfo.environment["FROMM_MEASURE_ACTIVITY"] ?? "") ?? 0

@Suite(.enabled(if: postsPerRun > 0, "set FROMM_MEASURE_ACTIVITY to the posts per row to measure"))
struct ActivityLatencyMeasurement {
  @Test func latency_broadcastToActivity_printsFigures() async throws {
    print("activity latency, artist's send call → fan's followActivity, ms (\(postsPerRun) posts per row)")
    print("transport      min  median    mean     p90     max")
    for http in [false, true] {
      let values = try await measureActivity(http: http)
      #expect(values.count == postsPerRun, "every post reaches the follower")
      let label = (http ? "HTTP" : "embedded").padding(toLength: 10, withPad: " ", startingAt: 0)
      print("\(label) \(summary(values, of: postsPerRun))")
    }
  }
}

/// Posts in one room at uneven moments (a fixed sequence, so runs compare) while the fan
/// follows the activity of all their rooms, and returns each post's latency in milliseconds.
private func measureActivity(http: Bool) async throws -> [Double] {
  let backend = try MeasurementBackend(name: "activity", http: http)
  defer { backend.remove() }
  let fanAPI = backend.api("fan")
  let artistAPI = backend.api("artist")
  _ = try await AuthClient.live(fanAPI).signIn("demo_fan", demoPassword)
  let room = try await AuthClient.live(artistAPI).signIn("taeyeon", demoPassword).account.id
  let artist = MessageClient.live(artistAPI)
  let fan = ArtistClient.live(fanAPI)

  let arrivals = ArrivalLog()
  let (loaded, loadedSignal) = AsyncStream<Void>.makeStream()
  let follower = Task {
    for try await update in fan.followActivity() {
      switch update {
      case .loaded: loadedSignal.yield()
      case .changed(let rooms):
        arrivals.record(rooms.filter { $0.artistId == room }.map(\.newestMessageId))
      case .interrupted, .resumed: continue
      }
    }
  }
  defer { follower.cancel() }
  for await _ in loaded { break }
  return try await arrivals.latencies(sending: postsPerRun) { index in
    try await artist.send(room, "activity probe \(index)", UUID()).id
  }
}
