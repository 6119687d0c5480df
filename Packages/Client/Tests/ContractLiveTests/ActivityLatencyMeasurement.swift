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

  let clock = ContinuousClock()
  let arrivals = Mutex<[MessageID: ContinuousClock.Instant]>([:])
  let (loaded, loadedSignal) = AsyncStream<Void>.makeStream()
  let follower = Task {
    for try await update in fan.followActivity() {
      switch update {
      case .loaded: loadedSignal.yield()
      case .changed(let rooms):
        let now = clock.now
        arrivals.withLock {
          for activity in rooms where activity.artistId == room { $0[activity.newestMessageId] = now }
        }
      case .interrupted, .resumed: continue
      }
    }
  }
  for await _ in loaded { break }
  var sent: [(MessageID, ContinuousClock.Instant)] = []
  var seed: UInt64 = 42
  for index in 0..<postsPerRun {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    try await Task.sleep(for: .milliseconds(300 + Int(seed >> 33) % 1_200))
    let start = clock.now
    let message = try await artist.send(room, "activity probe \(index)")
    sent.append((message.id, start))
  }
  let deadline = clock.now + .seconds(10)
  while arrivals.withLock({ $0.count }) < sent.count, clock.now < deadline {
    try await Task.sleep(for: .milliseconds(10))
  }
  follower.cancel()
  let arrived = arrivals.withLock { $0 }
  return sent.compactMap { id, start in arrived[id].map { ($0 - start).milliseconds } }
}
