import CommonDataModels
import CommonKit
import Foundation
import NetworkProvider
import ProfileDataModels

/// The benchmark runs off the main actor: top-level code is main-actor isolated, and every
/// `await` on the cache would then pay two extra executor hops that the apps' features do not.
enum NetworkProviderBenchmark {
  static let clock = ContinuousClock()

  static func measure(_ label: String, iterations: Int, _ body: () async throws -> Void) async rethrows {
    // One warm-up pass so the first allocation and page faults do not count.
    try await body()
    let start = clock.now
    for _ in 0..<iterations { try await body() }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let perOp = seconds / Double(iterations) * 1e6
    let padded = label.padding(toLength: 52, withPad: " ", startingAt: 0)
    print("\(padded) \(String(format: "%9.2f", perOp)) µs/op  (\(iterations) ops)")
  }

  static func run() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "np-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }

    let profile = Profile(
      id: 4, username: "demo_fan", role: .fan, displayName: "Demo Fan", statusMessage: "Concert in 12 days!",
      subscriberCount: nil, subscriptionCount: 2, createdAt: Date(timeIntervalSince1970: 1_790_000_000))
    let profileBody = try WireJSON.encode(profile)
    let quiet = Logger(label: "bench", minimumLevel: .error)

    print("NetworkProvider benchmarks (body \(profileBody.count) bytes)")

    // CacheManager
    let memoryCache = CacheManager(directory: nil, logger: quiet)
    await memoryCache.store(profileBody, forKey: "s1 GET /v1/profile?", ttl: .seconds(600))
    try await measure("CacheManager memory hit", iterations: 200_000) {
      guard await memoryCache.data(forKey: "s1 GET /v1/profile?") != nil else { throw BenchFailure.miss }
    }
    try await measure("CacheManager miss (memory only)", iterations: 200_000) {
      guard await memoryCache.data(forKey: "s1 GET /v1/other?") == nil else { throw BenchFailure.hit }
    }
    let diskCache = CacheManager(
      directory: folder.appendingPathComponent("disk"), memoryLimit: 0, logger: quiet)
    await diskCache.store(profileBody, forKey: "s1 GET /v1/profile?", ttl: .seconds(600))
    try await measure("CacheManager disk hit (memory tier off)", iterations: 5_000) {
      guard await diskCache.data(forKey: "s1 GET /v1/profile?") != nil else { throw BenchFailure.miss }
    }
    try await measure("CacheManager miss (memory + disk)", iterations: 200_000) {
      guard await diskCache.data(forKey: "s1 GET /v1/other?") == nil else { throw BenchFailure.hit }
    }
    let storeCache = CacheManager(directory: folder.appendingPathComponent("store"), logger: quiet)
    var storeIndex = 0
    await measure("CacheManager store (memory + atomic disk write)", iterations: 2_000) {
      storeIndex += 1
      await storeCache.store(profileBody, forKey: "s1 GET /v1/p\(storeIndex % 100)?", ttl: .seconds(600))
    }
    let boundedCache = CacheManager(directory: nil, memoryLimit: 64 * profileBody.count, logger: quiet)
    var boundedIndex = 0
    await measure("CacheManager store with LRU eviction (64 entries)", iterations: 50_000) {
      boundedIndex += 1
      await boundedCache.store(profileBody, forKey: "k\(boundedIndex)", ttl: .seconds(600))
    }

    // APIClient over the in-process transport, with a handler that answers at once, so the figure
    // is APIClient's own cost. (The dev backend's handler cost is in Packages/DevServer/README.md.)
    let handler: WireHandler = { _ in
      WireResponse(status: 200, headers: ["content-type": "application/json"], body: profileBody)
    }
    let store = SessionStore(directory: folder, fileName: "bench-session.json", logger: quiet)
    store.save(token: String(repeating: "ab", count: 32))
    let api = APIClient(transport: InProcessTransport(handler: handler), sessionStore: store, logger: quiet)
    try await measure("APIClient GET round trip, in-process, no cache", iterations: 20_000) {
      _ = try await api.send(Endpoint<Profile>(.get, APIPaths.profile))
    }
    try await measure("APIClient PATCH with JSON body, in-process", iterations: 20_000) {
      _ = try await api.send(
        Endpoint<Profile>(.patch, APIPaths.profile, body: UpdateProfileRequest(statusMessage: "x")))
    }
    let cachedAPI = APIClient(
      transport: InProcessTransport(handler: handler), sessionStore: store,
      cache: CacheManager(directory: folder.appendingPathComponent("api-cache"), logger: quiet), logger: quiet
    )
    try await measure("APIClient GET served from the cache", iterations: 20_000) {
      _ = try await cachedAPI.send(Endpoint<Profile>(.get, APIPaths.profile, cacheTTL: .seconds(600)))
    }
  }
}

enum BenchFailure: Error {
  case hit
  case miss
}
