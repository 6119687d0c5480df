import AuthDataModels
import CommonDataModels
import DevServerCore
import DevServerHTTP
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `swift run -c release devserver-bench`: throughput of the dev backend in-process and over
/// loopback HTTP. Bounded in requests and time; prints one line per figure.

signal(SIGPIPE, SIG_IGN)

let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
  "devserver-bench-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: folder) }

let backend: DevBackend
do {
  backend = try DevBackend(dataDirectory: folder)
} catch {
  StandardError.print("devserver-bench: \(error)")
  exit(1)
}

func signIn(_ username: String) -> Session? {
  let body = try? WireJSON.encode(SignInRequest(username: username, password: "fromm-demo-1"))
  let response = backend.handle(WireRequest(method: "POST", path: APIPaths.signIn, body: body ?? Data()))
  return try? WireJSON.decode(Session.self, from: response.body)
}

guard let fan = signIn("demo_fan"), let artist = signIn("iu_official") else {
  StandardError.print("devserver-bench: the demo accounts could not sign in")
  exit(1)
}
let auth = [APIHeaders.authorization: APIHeaders.bearer(fan.token)]
let roomPath = APIPaths.messages(artistID: artist.account.id)

/// Runs `body` `count` times (or until `limit` passes) and prints requests/s and mean latency.
func measure(_ name: String, count: Int, limit: Duration = .seconds(30), _ body: () -> Int) {
  let clock = ContinuousClock()
  let start = clock.now
  var done = 0
  var failures = 0
  while done < count && clock.now - start < limit {
    if body() >= 400 { failures += 1 }
    done += 1
  }
  let seconds = Bench.seconds(clock.now - start)
  print(
    Bench.pad(name)
      + String(
        format: " %7d requests  %9.0f req/s  mean %7.3f ms  errors %d", done, Double(done) / seconds,
        seconds * 1000 / Double(done), failures))
}

print("devserver-bench: in-process handler (DevBackend.handle), one thread")
measure("sign-in (yescrypt, default cost)", count: 100) {
  let body = (try? WireJSON.encode(SignInRequest(username: "demo_fan", password: "fromm-demo-1"))) ?? Data()
  return backend.handle(WireRequest(method: "POST", path: APIPaths.signIn, body: body)).status
}
measure("GET messages (fan, 4 messages, marks read)", count: 20_000) {
  backend.handle(WireRequest(method: "GET", path: roomPath, headers: auth)).status
}
measure("GET artists (fan)", count: 20_000) {
  backend.handle(WireRequest(method: "GET", path: APIPaths.artists, headers: auth)).status
}
let artistAuth = [APIHeaders.authorization: APIHeaders.bearer(artist.token)]
measure("POST message (artist broadcast)", count: 5_000) {
  backend.handle(
    WireRequest(method: "POST", path: roomPath, headers: artistAuth, body: Data(#"{"text":"bench"}"#.utf8))
  ).status
}

// Loopback HTTP: 10,000 requests over 16 keep-alive connections, polling for new messages the way
// a client does (GET messages after a recent cursor) alternated with the artist list. The log
// line of every request is formatted as in fromm-server, then dropped instead of written.
var configuration = HTTPServerConfiguration()
configuration.port = 0
let server = HTTPServer(
  configuration: configuration, logger: .init(label: "bench", minimumLevel: .info) { _ in },
  respond: backend.handle)
let port: UInt16
do {
  port = try server.start()
} catch {
  StandardError.print("devserver-bench: cannot start the server: \(error)")
  exit(1)
}

let totalRequests = Bench.option("requests", default: 10_000)
let connections = Bench.option("connections", default: 16)
let perConnection = totalRequests / connections
let latencies = Mutex<[Double]>([])
let errors = Atomic<Int>(0)
let group = DispatchGroup()
// Poll from five messages before the newest, as a client that is slightly behind would.
let newest = backend.handle(
  WireRequest(method: "POST", path: roomPath, headers: artistAuth, body: Data(#"{"text":"newest"}"#.utf8)))
let newestID = ((try? JSONSerialization.jsonObject(with: newest.body)) as? [String: Any])?["id"] as? Int ?? 0
let cursor = max(0, newestID - 5)
let benchStart = ContinuousClock.now
let cpuStart = Bench.cpuSeconds()
for index in 0..<connections {
  group.enter()
  Thread.detachNewThread {
    defer { group.leave() }
    var local: [Double] = []
    local.reserveCapacity(perConnection)
    guard let client = try? LoopbackClient(port: port) else {
      errors.add(perConnection, ordering: .relaxed)
      return
    }
    let headers = ["authorization": "Bearer \(fan.token)"]
    for request in 0..<perConnection {
      let path = (request + index) % 2 == 0 ? "\(roomPath)?after=\(cursor)" : APIPaths.artists
      let started = ContinuousClock.now
      let status = (try? client.request("GET", path, headers: headers))?.status ?? 0
      local.append(Bench.seconds(ContinuousClock.now - started) * 1000)
      if status != 200 { errors.add(1, ordering: .relaxed) }
      if ContinuousClock.now - benchStart > .seconds(60) { break }
    }
    latencies.withLock { $0 += local }
  }
}
group.wait()
let elapsed = Bench.seconds(ContinuousClock.now - benchStart)
let cpuUsed = Bench.cpuSeconds() - cpuStart
server.shutdown(gracePeriod: .seconds(2))
let sorted = latencies.withLock { $0 }.sorted()
print("devserver-bench: loopback HTTP, \(connections) keep-alive connections")
print(
  Bench.pad("GET messages/artists over HTTP")
    + String(
      format: " %7d requests  %9.0f req/s  p50 %.2f ms  p99 %.2f ms  errors %d",
      sorted.count, Double(sorted.count) / elapsed,
      Bench.percentile(sorted, 0.50), Bench.percentile(sorted, 0.99), errors.load(ordering: .relaxed)))
print(
  String(
    format: "  process CPU (server + client threads): %.0f µs per request, %.2f of 2 cores busy",
    cpuUsed * 1e6 / Double(max(1, sorted.count)), cpuUsed / elapsed))

enum Bench {
  /// User + system CPU time of this process so far.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
  }

  static func pad(_ name: String) -> String {
    name.count >= 44 ? name : name + String(repeating: " ", count: 44 - name.count)
  }

  /// The value after `--name` on the command line, or `fallback`.
  static func option(_ name: String, default fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count,
      let value = Int(arguments[index + 1]), value > 0
    else { return fallback }
    return value
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
  }
}

enum StandardError {
  static func print(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
