import AuthDataModels
import CommonDataModels
import DevServerCore
import DevServerHTTP
import Dispatch
import Foundation
import MessageDataModels
import SQLiteStore
import Synchronization

/// `swift run -c release devserver-bench`: throughput of the dev backend in-process and over
/// loopback HTTP. Bounded in requests and time; prints one line per figure.
/// `--only posts,reads` runs only the named cases (see ``BenchCase``).

signal(SIGPIPE, SIG_IGN)

let chosenCases: Set<BenchCase>
switch BenchCase.chosen(CommandLine.arguments) {
case .success(let cases): chosenCases = cases
case .failure(let problem):
  StandardError.print("devserver-bench: \(problem.message)")
  exit(2)
}
func runs(_ benchCase: BenchCase) -> Bool { chosenCases.contains(benchCase) }

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

func signIn(_ username: String) -> Session? { Bench.signIn(username, on: backend) }

guard let fan = signIn("demo_fan"), let artist = signIn("iu_official") else {
  StandardError.print("devserver-bench: the demo accounts could not sign in")
  exit(1)
}
let auth = [APIHeaders.authorization: APIHeaders.bearer(fan.token)]
let roomPath = APIPaths.messages(artistID: artist.account.id)

/// A GET of `path`, by default as the demo fan.
func get(_ path: String, as headers: [String: String] = auth) -> WireRequest {
  WireRequest(method: "GET", path: path, headers: headers)
}

/// Runs `body` `count` times (or until `limit` passes) and prints requests/s and mean latency.
func measure(_ name: String, count: Int, limit: Duration = .seconds(30), _ body: () -> Int) {
  let start = ContinuousClock.now
  var done = 0
  var failures = 0
  while done < count && ContinuousClock.now - start < limit {
    if body() >= 400 { failures += 1 }
    done += 1
  }
  let seconds = (ContinuousClock.now - start) / .seconds(1)
  Bench.report(
    name, " %7d requests  %9.0f req/s  mean %7.3f ms  errors %d", done, Double(done) / seconds,
    seconds * 1000 / Double(done), failures)
}

let artistAuth = [APIHeaders.authorization: APIHeaders.bearer(artist.token)]
if runs(.inProcess) {
  print("devserver-bench: in-process handler (DevBackend.handle), one thread")
  measure("sign-in (yescrypt, default cost)", count: 100) {
    let body = (try? WireJSON.encode(SignInRequest(username: "demo_fan", password: "fromm-demo-1"))) ?? Data()
    return backend.handle(WireRequest(method: "POST", path: APIPaths.signIn, body: body)).status
  }
  measure("GET messages (fan, 4 messages, marks read)", count: 20_000) {
    backend.handle(get(roomPath)).status
  }
  measure("GET artists (fan)", count: 20_000) { backend.handle(get(APIPaths.artists)).status }
  measure("POST message (artist broadcast)", count: 5_000) {
    backend.handle(
      WireRequest(method: "POST", path: roomPath, headers: artistAuth, body: Data(#"{"text":"bench"}"#.utf8))
    ).status
  }
}

// Poll from five messages before the newest, as a client that is slightly behind would.
let newest = backend.handle(
  WireRequest(method: "POST", path: roomPath, headers: artistAuth, body: Data(#"{"text":"newest"}"#.utf8)))
let newestID = ((try? JSONSerialization.jsonObject(with: newest.body)) as? [String: Any])?["id"] as? Int ?? 0
let cursor = max(0, newestID - 5)

// Loopback HTTP: 10,000 requests over 16 keep-alive connections, polling for new messages the way
// a client does (GET messages after a recent cursor) alternated with the artist list. The log
// line of every request is formatted as in fromm-server, then dropped instead of written.
if runs(.http) {
  let (server, port) = Bench.startServer(backend)

  let totalRequests = Bench.option("requests", default: 10_000)
  let connections = Bench.option("connections", default: 16)
  let perConnection = totalRequests / connections
  let latencies = Mutex<[Double]>([])
  let errors = Atomic<Int>(0)
  let group = DispatchGroup()
  let benchStart = ContinuousClock.now
  let cpuStart = Bench.usage().cpuSeconds
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
        local.append((ContinuousClock.now - started) / .milliseconds(1))
        if status != 200 { errors.add(1, ordering: .relaxed) }
        if ContinuousClock.now - benchStart > .seconds(60) { break }
      }
      latencies.withLock { $0 += local }
    }
  }
  group.wait()
  let elapsed = (ContinuousClock.now - benchStart) / .seconds(1)
  let cpuUsed = Bench.usage().cpuSeconds - cpuStart
  server.shutdown(gracePeriod: .seconds(2))
  let sorted = latencies.withLock { $0 }.sorted()
  print("devserver-bench: loopback HTTP, \(connections) keep-alive connections")
  let (p50, p99) = (Bench.percentile(sorted, 0.50), Bench.percentile(sorted, 0.99))
  Bench.report(
    "GET messages/artists over HTTP", " %7d requests  %9.0f req/s  p50 %.2f ms  p99 %.2f ms  errors %d",
    sorted.count, Double(sorted.count) / elapsed, p50, p99, errors.load(ordering: .relaxed))
  print(
    String(
      format: "  process CPU (server + client threads): %.0f µs per request, %.2f of 2 cores busy",
      cpuUsed * 1e6 / Double(max(1, sorted.count)), cpuUsed / elapsed))
}

// MARK: Targets (sign-in memory, big rooms, idle connections, anchors from wrk and nginx)

print("devserver-bench: targets (figures vary on a shared machine; compare each with its anchor)")

// 64 sign-ins at once: hashing is gated to one per core, so memory stays bounded.
if runs(.signIns) {
  let signInGroup = DispatchGroup()
  for index in 0..<64 {
    signInGroup.enter()
    Thread.detachNewThread {
      _ = signIn(index % 2 == 0 ? "demo_fan" : "minji_fan")
      signInGroup.leave()
    }
  }
  signInGroup.wait()
  let name = "64 concurrent sign-ins: process peak RSS"
  if let peak = Anchors.processStatus("VmHWM:") {
    Bench.report(name, " %7.0f MiB   (target <= 200)", peak / 1024)
  } else {
    Bench.report(name, "  not measurable on this system")
  }
}

// A room with 100,000 replies the demo fan cannot see (the room of every case from here on).
let hiddenReplies = Bench.option("hidden", default: 100_000)
/// Puts those replies into the same room of `target` (every demo folder gives minji_fan the same id).
func insertHiddenReplies(into target: DevBackend) throws {
  try target.insertMessagesForBenchmark(
    artist: artist.account.id, sender: signIn("minji_fan")?.account.id ?? artist.account.id, kind: .reply,
    count: hiddenReplies)
}
if runs(.bigRoom) || runs(.reads) || runs(.posts) {
  do {
    try insertHiddenReplies(into: backend)
  } catch {
    StandardError.print("devserver-bench: could not insert the hidden replies: \(error)")
  }
}
if runs(.bigRoom) {
  let list = get(APIPaths.artists)
  let roomRead = Bench.p50(get(roomPath), on: backend)
  let artistList = Bench.p50(list, on: backend)
  // The same list once the room's artist has a big audience: counting subscribers per list would
  // walk them all.
  let subscribedFans = Bench.option("fans", default: 100_000)
  var artistListBigAudience = Double.nan
  do {
    try backend.insertSubscribedFansForBenchmark(artist: artist.account.id, fans: subscribedFans)
    artistListBigAudience = Bench.p50(list, on: backend)
  } catch {
    StandardError.print("devserver-bench: could not insert the subscribed fans: \(error)")
  }
  let profile = get(
    APIPaths.profile, as: [APIHeaders.authorization: APIHeaders.bearer(signIn("minji_fan")?.token ?? "")])
  let profileAlone = Bench.p50(profile, on: backend)
  let busy = Atomic<Bool>(true)
  let readers = DispatchGroup()
  for _ in 0..<2 {
    readers.enter()
    Thread.detachNewThread {
      while busy.load(ordering: .relaxed) { _ = backend.handle(list) }
      readers.leave()
    }
  }
  let profileBusy = Bench.p50(profile, on: backend)
  busy.store(false, ordering: .relaxed)
  readers.wait()
  print("  room with \(hiddenReplies) hidden replies (in-process, p50; target <= 2 ms):")
  Bench.report("    fan room read", " %7.3f ms", roomRead)
  Bench.report("    fan artist list", " %7.3f ms", artistList)
  Bench.report("    fan artist list, \(subscribedFans) fans subscribed", " %7.3f ms", artistListBigAudience)
  Bench.report(
    "    another user's GET /v1/profile", " %7.3f ms alone, %.3f ms beside 2 artist-list loops", profileAlone,
    profileBusy)
  if let unread = Bench.artistListWithUnread(Bench.option("unread", default: 100_000)) {
    Bench.report(
      "    fan artist list, 0 / \(unread.count) unread broadcasts", " %7.3f / %.3f ms (a fresh folder)",
      unread.none, unread.many)
  }
}

// A fresh HTTP server for the connection and anchor figures.
let (targetServer, targetPort) = Bench.startServer(backend)

/// A fresh client's `GET /v1/health` on that server: the milliseconds until its answer, and its status.
func freshHealth() -> (milliseconds: Double, status: Int) {
  let started = ContinuousClock.now
  let status = (try? LoopbackClient(port: targetPort).request("GET", APIPaths.health))?.status ?? 0
  return ((ContinuousClock.now - started) / .milliseconds(1), status)
}

// 100 idle keep-alive connections and 100 sending a head one byte at a time never finishing it.
if runs(.idleConnections) {
  var held: [LoopbackClient] = []
  for index in 0..<200 {
    guard let client = try? LoopbackClient(port: targetPort) else { break }
    if index % 2 == 1 { client.sendRaw(Array("GET /v1/health HTTP/1.1\r\nx-slow: a".utf8)) }
    held.append(client)
  }
  let fresh = freshHealth()
  Bench.report(
    "fresh client beside \(held.count) idle/slow connections", " %7.2f ms, status %d   (target < 100 ms)",
    fresh.milliseconds, fresh.status)
  held.removeAll()
}

// Long polls held over HTTP on the room, each by its own connection, until a post ends them.
if runs(.heldPolls) {
  let pollCount = 500
  let cursorPage = backend.handle(get(roomPath))
  let cursor = (try? WireJSON.decode(MessagePage.self, from: cursorPage.body))?.cursor?.rawValue ?? 0
  let threadsBefore = Anchors.processStatus("Threads:").map { Int($0) }
  let head = Array(
    "GET \(roomPath)?after=\(cursor)&wait=20 HTTP/1.1\r\nauthorization: Bearer \(fan.token)\r\n\r\n".utf8)
  var polls: [LoopbackClient] = []
  for _ in 0..<pollCount {
    guard let client = try? LoopbackClient(port: targetPort) else { break }
    client.sendRaw(head)
    polls.append(client)
  }
  let heldBy = ContinuousClock.now + .seconds(10)
  while targetServer.heldByHandlers < polls.count && ContinuousClock.now < heldBy { usleep(10_000) }
  let held = targetServer.heldByHandlers
  let threadsHeld = Anchors.processStatus("Threads:").map { Int($0) }
  let workersHeld = targetServer.workerCount
  let usageBefore = Bench.usage()
  usleep(1_000_000)
  let cpuPerSecond = (Bench.usage().cpuSeconds - usageBefore.cpuSeconds) * 1000
  let fresh = freshHealth()
  let posted = ContinuousClock.now
  _ = backend.handle(
    WireRequest(
      method: "POST", path: roomPath, headers: artistAuth, body: Data(#"{"text":"to every held poll"}"#.utf8))
  )
  var answered = 0
  for client in polls where (try? client.readResponse(timeout: .seconds(10)))?.status == 200 { answered += 1 }
  let allAnswered = (ContinuousClock.now - posted) / .milliseconds(1)
  print("\(polls.count) long polls held over HTTP (one connection each, wait=20):")
  let threads = threadsBefore.flatMap { before in
    threadsHeld.map { ", process threads \(before) before, \($0) held" }
  }
  Bench.report(
    "    held without a thread", " %d of %d, %d workers running%@", held, polls.count, workersHeld,
    threads ?? "")
  Bench.report("    process CPU while they wait", " %7.1f ms per second", cpuPerSecond)
  Bench.report(
    "    fresh GET /v1/health beside them", " %7.2f ms, status %d", fresh.milliseconds, fresh.status)
  Bench.report(
    "    a post, until every poll has it", " %7.1f ms, %d of %d answered 200", allAnswered,
    answered,
    polls.count)
  polls.removeAll()
}

// Anchors: nginx serving a static file and raw SQLite inserts, measured now, beside our figures.
let anchorFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
  "devserver-bench-nginx-\(UUID().uuidString)")
defer { try? FileManager.default.removeItem(at: anchorFolder) }
let rawInserts = runs(.posts) ? Bench.rawInsertRate(in: anchorFolder, seconds: 3) : 0
// The same row into the server's own schema (its message indexes, as many rows as the room
// above holds), one transaction each: what a post's insert costs SQLite with nothing around it.
func schemaAnchor() -> DevBackend? {
  do {
    let backend = try DevBackend(dataDirectory: anchorFolder.appendingPathComponent("schema"))
    try insertHiddenReplies(into: backend)
    return backend
  } catch {
    StandardError.print("devserver-bench: could not prepare the schema anchor: \(error)")
    return nil
  }
}
let schemaBackend = runs(.posts) ? schemaAnchor() : nil
let schemaInserts =
  schemaBackend.map { Bench.schemaInsertRate($0, artist: artist.account.id, seconds: 3) } ?? 0
if let wrk = Anchors.tool("wrk") {
  let base = "http://127.0.0.1:\(targetPort)"
  if runs(.reads) {
    let nginx = Anchors.tool("nginx").flatMap {
      Anchors.startNginx(
        $0, files: ["health": #"{"integrity":"ok","status":"ok","storage":"writable"}"#], in: anchorFolder)
    }
    if nginx == nil {
      print("  nginx not found or not startable: the HTTP anchors are skipped (apt-get install -y nginx)")
    }
    // The anchor is measured before and after our figures and averaged: on a shared machine the
    // load moves during the run, and the ratio should compare like with like.
    let nginxURL = nginx.map { "http://127.0.0.1:\($0.1)/health" }
    let anchorBefore = nginxURL.flatMap { Anchors.wrk(wrk, url: $0) }
    let bearer = ["authorization: Bearer \(fan.token)"]
    let figures = [
      ("GET /v1/health (wrk, 16 connections)", Bench.served(wrk, url: base + APIPaths.health), 0.7),
      ("GET /v1/artists (fan)", Bench.served(wrk, url: base + APIPaths.artists, headers: bearer), 0.4),
      (
        "GET room messages (fan, after a cursor)",
        Bench.served(wrk, url: base + roomPath + "?after=\(cursor)", headers: bearer), 0.4
      ),
    ]
    let anchorAfter = nginxURL.flatMap { Anchors.wrk(wrk, url: $0) }
    let anchorRates = [anchorBefore, anchorAfter].compactMap { $0?.requestsPerSecond }
    let anchor = anchorRates.isEmpty ? nil : anchorRates.reduce(0, +) / Double(anchorRates.count)
    print(
      "  loopback HTTP with wrk; anchor: nginx static file \(anchor.map { String(format: "%.0f req/s", $0) } ?? "absent")"
        + (anchorRates.count == 2
          ? String(format: " (mean of %.0f before and %.0f after)", anchorRates[0], anchorRates[1]) : "")
    )
    for (name, result, target) in figures {
      guard let result else {
        Bench.report("    " + name, "  wrk failed")
        continue
      }
      let ratio =
        anchor.map { String(format: "%.2f× nginx (target >= %.1f×)", result.requestsPerSecond / $0, target) }
        ?? "no anchor"
      Bench.report("    " + name, " %9.0f req/s  p50 %@  %@", result.requestsPerSecond, result.p50, ratio)
      Bench.printServerCost(result, per: "request")
    }
    if let nginx {
      nginx.0.terminate()
      nginx.0.waitUntilExit()
    }
  }
  if runs(.posts) {
    let script = Bench.postScript(token: artist.token, in: anchorFolder)
    let batchesBefore = backend.batchTotalsForBenchmark
    if let posts = Bench.served(wrk, url: base + roomPath, script: script.path) {
      let batchesAfter = backend.batchTotalsForBenchmark
      let commits = max(1, batchesAfter.commits - batchesBefore.commits)
      // Both anchors again after the posts, each averaged with its first figure.
      let rawAfter = Bench.rawInsertRate(in: anchorFolder.appendingPathComponent("after"), seconds: 3)
      let raw = (rawInserts + rawAfter) / 2
      let schemaAfter =
        schemaBackend.map { Bench.schemaInsertRate($0, artist: artist.account.id, seconds: 3) } ?? 0
      let schema = (schemaInserts + schemaAfter) / 2
      Bench.report(
        "    POST message (artist)", " %9.0f req/s  p50 %@  %.2f× raw SQLite inserts (target >= 0.5×)",
        posts.requestsPerSecond, posts.p50, posts.requestsPerSecond / raw)
      Bench.printServerCost(posts, per: "post")
      print(
        String(
          format:
            "      %.1f posts per commit, the commit's leader gathering them for %.0f µs (its yield, announced posts)",
          Double(batchesAfter.writes - batchesBefore.writes) / Double(commits),
          (batchesAfter.waited - batchesBefore.waited) / .microseconds(1) / Double(commits)))
      print("      anchors: one row per transaction, one thread, the server's journal settings:")
      Bench.report(
        "      raw insert, plain table (no index)",
        " %9.0f /s    posts %.2f× (mean of %.0f before, %.0f after; the target's anchor)", raw,
        posts.requestsPerSecond / raw, rawInserts, rawAfter)
      Bench.report(
        "      raw insert, server messages schema",
        " %9.0f /s    posts %.2f× (mean of %.0f before, %.0f after; %d rows already)", schema,
        schema > 0 ? posts.requestsPerSecond / schema : 0, schemaInserts, schemaAfter, hiddenReplies)
      if let full = Bench.fullDurabilityPostRate(wrk, in: anchorFolder.appendingPathComponent("full")) {
        Bench.report(
          "    POST message, --durability full",
          " %9.0f req/s  p50 %@  %.2f× the posts above (synchronous=NORMAL)",
          full.requestsPerSecond, full.p50, full.requestsPerSecond / posts.requestsPerSecond)
      }
    }
  }
} else {
  print("  wrk not found: the anchored HTTP figures are skipped (apt-get install -y wrk nginx)")
  Bench.report("    raw SQLite inserts (anchor for POST)", " %9.0f /s", rawInserts)
  Bench.report("    the same into the messages schema", " %9.0f /s", schemaInserts)
}
targetServer.shutdown(gracePeriod: .seconds(2))

enum Bench {
  /// Starts an HTTP server for `backend` on a free loopback port, or ends the benchmark. Each
  /// request's log line is formatted as in fromm-server, then dropped instead of written.
  static func startServer(_ backend: DevBackend) -> (HTTPServer, port: UInt16) {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    let server = HTTPServer(
      configuration: configuration, logger: .init(label: "bench", minimumLevel: .info) { _ in },
      respondNowOrLater: backend.handle(_:later:))
    do {
      return (server, try server.start())
    } catch {
      StandardError.print("devserver-bench: cannot start the server: \(error)")
      exit(1)
    }
  }

  /// What wrk reaches on `url` in 5 s, and this process's CPU time and context switches per
  /// request meanwhile: the server's, as the process does nothing else during wrk's run (figures
  /// a busy machine moves less than the rate).
  static func served(_ wrk: String, url: String, headers: [String] = [], script: String? = nil) -> Served? {
    let before = usage()
    guard let result = Anchors.wrk(wrk, url: url, seconds: 5, headers: headers, script: script) else {
      return nil
    }
    let after = usage()
    let requests = max(1, result.requestsPerSecond * 5)
    return (
      result.requestsPerSecond, result.p50, (after.cpuSeconds - before.cpuSeconds) / requests,
      Double(after.contextSwitches - before.contextSwitches) / requests
    )
  }

  typealias Served = (
    requestsPerSecond: Double, p50: String, cpuPerRequest: Double, switchesPerRequest: Double
  )

  /// Prints the server's CPU time and context switches per request (or other `unit`) of a figure.
  static func printServerCost(_ result: Served, per unit: String) {
    print(
      String(
        format: "      server CPU %.0f µs and %.1f context switches per %@", result.cpuPerRequest * 1e6,
        result.switchesPerRequest, unit))
  }

  /// Posts per second (wrk, 5 s) to a server of its own over a fresh demo folder in `folder`
  /// whose commits flush the log to the disk (`synchronous=FULL`), to set beside the default's.
  static func fullDurabilityPostRate(
    _ wrk: String, in folder: URL
  ) -> (requestsPerSecond: Double, p50: String)? {
    guard let backend = try? DevBackend(dataDirectory: folder, durability: .full) else { return nil }
    let (server, port) = startServer(backend)
    defer { server.shutdown(gracePeriod: .seconds(2)) }
    guard let session = signIn("iu_official", on: backend) else { return nil }
    let script = postScript(token: session.token, in: folder)
    return Anchors.wrk(
      wrk, url: "http://127.0.0.1:\(port)" + APIPaths.messages(artistID: session.account.id), seconds: 5,
      script: script.path)
  }

  /// Signs a demo account in on `backend`.
  static func signIn(_ username: String, on backend: DevBackend) -> Session? {
    let body = try? WireJSON.encode(SignInRequest(username: username, password: "fromm-demo-1"))
    let response = backend.handle(WireRequest(method: "POST", path: APIPaths.signIn, body: body ?? Data()))
    return try? WireJSON.decode(Session.self, from: response.body)
  }

  /// A fan's artist list (p50, in-process) in a fresh demo folder before and after `count`
  /// broadcasts the fan has not read: the unread counts should cost the same.
  static func artistListWithUnread(_ count: Int) -> (count: Int, none: Double, many: Double)? {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "devserver-bench-unread-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard let backend = try? DevBackend(dataDirectory: folder) else { return nil }
    guard let fan = signIn("demo_fan", on: backend), let artist = signIn("iu_official", on: backend) else {
      return nil
    }
    let list = WireRequest(
      method: "GET", path: APIPaths.artists, headers: [APIHeaders.authorization: APIHeaders.bearer(fan.token)]
    )
    let none = p50(list, on: backend)
    let room = artist.account.id
    guard
      (try? backend.insertMessagesForBenchmark(artist: room, sender: room, kind: .broadcast, count: count))
        != nil
    else { return nil }
    return (count, none, p50(list, on: backend))
  }

  /// A wrk script posting one broadcast per request as the holder of `token`, written to `folder`.
  static func postScript(token: String, in folder: URL) -> URL {
    let script = folder.appendingPathComponent("post.lua")
    try? Data(
      """
      wrk.method = "POST"
      wrk.body = '{"text":"bench post"}'
      wrk.headers["authorization"] = "Bearer \(token)"
      wrk.headers["content-type"] = "application/json"
      """.utf8
    ).write(to: script)
    return script
  }

  /// Single-row insert transactions per second into a plain table (no index) in a fresh file,
  /// through `SQLiteDatabase` and so with the server's journal settings: the anchor the post
  /// target is set against.
  static func rawInsertRate(in folder: URL, seconds: Double) -> Double {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard let database = try? SQLiteDatabase(path: folder.appendingPathComponent("raw.sqlite").path),
      (try? database.write({
        try $0.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, room INTEGER, text TEXT, at REAL)")
      })) != nil
    else { return 0 }
    return rate(seconds: seconds) {
      _ = try database.write {
        try $0.query("INSERT INTO t (room, text, at) VALUES (?, ?, ?)", [1, "bench post", .real(0)])
      }
    }
  }

  /// Single-row insert transactions per second of a broadcast into `backend`'s messages table:
  /// the server's schema and journal settings, with nothing of a request around the insert.
  static func schemaInsertRate(_ backend: DevBackend, artist: AccountID, seconds: Double) -> Double {
    rate(seconds: seconds) {
      try backend.insertMessagesForBenchmark(artist: artist, sender: artist, kind: .broadcast, count: 1)
    }
  }

  private static func rate(seconds: Double, _ insert: () throws -> Void) -> Double {
    let started = ContinuousClock.now
    var count = 0
    while ContinuousClock.now - started < .seconds(seconds) {
      guard (try? insert()) != nil else { return 0 }
      count += 1
    }
    return Double(count) / ((ContinuousClock.now - started) / .seconds(1))
  }

  /// User + system CPU time and context switches (voluntary and not) of this process so far.
  static func usage() -> (cpuSeconds: Double, contextSwitches: Int) {
    var usage = rusage()
    getrusage(posixConstant(RUSAGE_SELF), &usage)
    let seconds =
      Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return (seconds, usage.ru_nvcsw + usage.ru_nivcsw)
  }

  /// Prints one figure: `name` padded to the figures' column, then `format` filled in.
  static func report(_ name: String, _ format: String, _ arguments: any CVarArg...) {
    let padded = name.count >= 44 ? name : name + String(repeating: " ", count: 44 - name.count)
    print(padded + String(format: format, arguments: arguments))
  }

  /// The median time `backend` takes to answer `request`, over 300 requests, in milliseconds.
  static func p50(_ request: WireRequest, on backend: DevBackend) -> Double {
    var samples: [Double] = []
    for _ in 0..<300 {
      let started = ContinuousClock.now
      _ = backend.handle(request)
      samples.append((ContinuousClock.now - started) / .milliseconds(1))
    }
    return percentile(samples.sorted(), 0.5)
  }

  /// The value after `--name` on the command line, or `fallback`.
  static func option(_ name: String, default fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--\(name)"), index + 1 < arguments.count,
      let value = Int(arguments[index + 1]), value > 0
    else { return fallback }
    return value
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
