import CommonDataModels
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DevServerCore
@testable import DevServerHTTP

/// A server whose handler answers `/later` from another thread after returning, and everything
/// else at once; it records whether each request came with a way to answer later.
final class LaterAnswerServer: Sendable {
  let server: HTTPServer
  let port: UInt16
  /// Each request's path, and whether the server offered to take the answer later.
  let offers = Offers()
  let logLines = LogLines()
  /// The answers `/hold` keeps until ``releaseHeld(threads:)``.
  let held = HeldAnswers()
  /// What a `/hold` offered no later answer blocks its thread on until ``releaseHeld(threads:)``.
  let heldThreads = DispatchSemaphore(value: 0)

  final class HeldAnswers: Sendable {
    let answers = Mutex<[@Sendable (WireResponse) -> Void]>([])
  }

  final class Offers: Sendable {
    private let items = Mutex<[(path: String, later: Bool)]>([])
    func append(_ path: String, later: Bool) { items.withLock { $0.append((path, later)) } }
    /// Whether each request so far was offered a later answer, in order.
    var laterOffered: [Bool] { items.withLock { $0.map(\.later) } }
  }

  init(
    delay: Duration = .milliseconds(20), configure: (inout HTTPServerConfiguration) -> Void = { _ in }
  ) throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configure(&configuration)
    let offers = offers
    let lines = logLines
    let held = held
    let heldThreads = heldThreads
    server = HTTPServer(configuration: configuration, logger: .init(label: "test") { lines.append($0) }) {
      request, later in
      offers.append(request.path, later: later != nil)
      switch request.path {
      case "/later":
        guard let later else { return WireResponse(status: 200, body: Data("now".utf8)) }
        let body = request.body
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(delay / .nanoseconds(1)))) {
          later(WireResponse(status: 201, body: body))
        }
        return nil
      case "/hold":
        // A long poll: held until released, without a thread when the server allows it.
        guard let later else {
          heldThreads.wait()
          return WireResponse(status: 200, body: Data("held on a thread".utf8))
        }
        held.answers.withLock { $0.append(later) }
        return nil
      case "/twice":
        // A faulty handler: two answers later, from two threads.
        for answer in ["first", "second"] {
          DispatchQueue.global().async { later?(WireResponse(status: 201, body: Data(answer.utf8))) }
        }
        return later == nil ? WireResponse(status: 200) : nil
      case "/both":
        // A faulty handler: an answer given later before it returns, and one returned.
        later?(WireResponse(status: 201, body: Data("later".utf8)))
        return WireResponse(status: 200, body: Data("returned".utf8))
      default:
        return WireResponse(status: 200, body: Data(request.path.utf8))
      }
    }
    port = try server.start()
  }

  /// How many `/hold` answers are kept.
  var heldCount: Int { held.answers.withLock { $0.count } }

  /// Answers every kept `/hold`, and frees up to `threads` of those held on a thread.
  func releaseHeld(threads: Int = 0) {
    let kept = held.answers.withLock { held in
      defer { held.removeAll() }
      return held
    }
    for later in kept { later(WireResponse(status: 200, body: Data("released".utf8))) }
    for _ in 0..<threads { heldThreads.signal() }
  }

  deinit { server.shutdown(gracePeriod: .seconds(2)) }
}

/// Waits until `condition` holds, looking every 10 ms; gives up only after `timeout`, which only
/// a hung test reaches.
func waitUntil(timeout: Duration = .seconds(60), _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return true
}

@Suite struct LaterAnswerTests {
  @Test func answerSentLater_reachesTheClient_andTheConnectionServesTheNextRequest() throws {
    let server = try LaterAnswerServer()
    let client = try LoopbackClient(port: server.port)
    for round in 0..<3 {
      let later = try client.request("POST", "/later", body: Data("post \(round)".utf8))
      #expect(later.status == 201)
      #expect(String(decoding: later.body, as: UTF8.self) == "post \(round)")
      #expect(try client.request("GET", "/now").status == 200)
    }
    #expect(server.offers.laterOffered == Array(repeating: true, count: 6))
  }

  @Test func pipelinedRequestBehindALaterAnswer_isAnsweredAfterIt_inOrder() throws {
    let server = try LaterAnswerServer()
    let client = try LoopbackClient(port: server.port)
    // Both requests arrive in one read: the second waits for the first's later answer.
    client.sendRaw(
      Array("POST /later HTTP/1.1\r\ncontent-length: 1\r\n\r\naGET /after HTTP/1.1\r\n\r\n".utf8))
    let first = try client.readResponse()
    let second = try client.readResponse()
    #expect(first?.status == 201 && first.map { String(decoding: $0.body, as: UTF8.self) } == "a")
    #expect(second?.status == 200 && second.map { String(decoding: $0.body, as: UTF8.self) } == "/after")
    #expect(server.offers.laterOffered == [true, true])
  }

  @Test func pipelinedHeldRequests_holdNoWorker_soAFreshClientIsAnswered() throws {
    // Two workers at most; six connections each pipelining two held requests.
    let server = try LaterAnswerServer {
      $0.workerThreads = 1
      $0.maxWorkerThreads = 2
    }
    let clients = try (0..<6).map { _ in
      let client = try LoopbackClient(port: server.port)
      client.sendRaw(Array("GET /hold HTTP/1.1\r\n\r\nGET /hold HTTP/1.1\r\n\r\n".utf8))
      return client
    }
    #expect(waitUntil { server.heldCount == 6 }, "each connection's first request should be held")
    let fresh = try LoopbackClient(port: server.port).request("GET", "/health", timeout: .seconds(60))
    #expect(fresh.status == 200)
    // Each release answers one request per connection, in order.
    for round in 0..<2 {
      #expect(waitUntil { server.heldCount == 6 }, "round \(round): every connection's request held")
      server.releaseHeld(threads: 12)
      for client in clients {
        let answer = try client.readResponse(timeout: .seconds(60))
        #expect(answer.map { String(decoding: $0.body, as: UTF8.self) } == "released")
      }
    }
  }

  @Test func heldRequestWhoseClientClosesItsSocket_isDropped_andItsAnswerIsNotWritten() throws {
    let server = try LaterAnswerServer()
    do {
      let client = try LoopbackClient(port: server.port)
      client.sendRaw(Array("GET /hold HTTP/1.1\r\n\r\n".utf8))
      #expect(waitUntil { server.server.heldByHandlers == 1 }, "the request should be held")
    }  // The client closes its socket here.
    #expect(waitUntil { server.server.heldByHandlers == 0 }, "the closed client's request should be dropped")
    server.releaseHeld()
    #expect(waitUntil { server.logLines.all.contains { $0.contains("dropped: the client closed") } })
    #expect(try LoopbackClient(port: server.port).request("GET", "/next").status == 200)
  }

  @Test func laterAnswerToConnectionClose_closesTheConnectionAfterIt() throws {
    let server = try LaterAnswerServer()
    let client = try LoopbackClient(port: server.port)
    let response = try client.request("POST", "/later", headers: ["connection": "close"])
    #expect(response.status == 201)
    #expect(response.headers["connection"] == "close")
    #expect(client.isClosedByServer())
  }

  @Test(arguments: ["/twice", "/both"])
  func handlerAnsweringTwice_onlyTheFirstAnswerIsWritten_andTheSecondIsLogged(path: String) throws {
    let server = try LaterAnswerServer()
    let client = try LoopbackClient(port: server.port)
    let first = try client.request("POST", path)
    #expect(first.status == 201)
    Thread.sleep(forTimeInterval: 0.1)
    // Nothing else arrived on the connection, and it serves the next request.
    let next = try client.request("GET", "/next")
    #expect(next.status == 200 && String(decoding: next.body, as: UTF8.self) == "/next")
    #expect(server.logLines.all.filter { $0.contains("answered twice") }.count == 1)
  }

  @Test func manyClientsAnsweredLater_eachGetsItsOwnAnswer() throws {
    let server = try LaterAnswerServer(delay: .milliseconds(1))
    let mismatches = LogLines()
    DispatchQueue.concurrentPerform(iterations: 8) { clientIndex in
      guard let client = try? LoopbackClient(port: server.port) else {
        mismatches.append("client \(clientIndex) could not connect")
        return
      }
      for round in 0..<25 {
        let body = "client \(clientIndex) round \(round)"
        let response = try? client.request("POST", "/later", body: Data(body.utf8))
        let answer = response.map { String(decoding: $0.body, as: UTF8.self) }
        if response?.status != 201 || answer != body {
          mismatches.append("\(body): got \(response?.status ?? 0) '\(answer ?? "")'")
        }
      }
    }
    #expect(mismatches.all.isEmpty)
  }

  @Test func shutdown_waitsForAnAnswerStillToCome() throws {
    let server = try LaterAnswerServer(delay: .milliseconds(300))
    let client = try LoopbackClient(port: server.port)
    #expect(client.sendRaw(Array("POST /later HTTP/1.1\r\ncontent-length: 2\r\n\r\nhi".utf8)))
    // The request is in the handler's hands when the shutdown starts.
    #expect(waitUntil { !server.offers.laterOffered.isEmpty })
    let stopped = DispatchSemaphore(value: 0)
    // A grace far longer than the answer's delay, which a busy machine can stretch: shutdown
    // ends as soon as the answer is written, not at the end of the grace.
    Thread.detachNewThread {
      server.server.shutdown(gracePeriod: .seconds(30))
      stopped.signal()
    }
    let response = try client.readResponse()
    #expect(response?.status == 201)
    #expect(response?.headers["connection"] == "close")
    #expect(stopped.wait(timeout: .now() + 60) == .success)
  }
}

@Suite struct HeldLongPollOverHTTPTests {
  private static func signIn(_ server: TestServer, _ username: String) throws -> (token: String, id: Int) {
    let response = try server.client().request(
      "POST", "/v1/auth/sign-in", headers: ["content-type": "application/json"],
      body: Data(#"{"username":"\#(username)","password":"\#(DemoData.password)"}"#.utf8))
    let session = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    let account = try #require(session["account"] as? [String: Any])
    return (try #require(session["token"] as? String), try #require(account["id"] as? Int))
  }

  @Test(.timeLimit(.minutes(1)))
  func fortyHeldLongPolls_holdNoWorker_andAllAnswerOnceAMessageArrives() throws {
    let server = try TestServer { $0.workerThreads = 4 }
    let artist = try Self.signIn(server, "iu_official")
    let fan = try Self.signIn(server, "demo_fan")
    let room = "/v1/rooms/\(artist.id)/messages"
    let first = try server.client().request("GET", room, headers: ["authorization": "Bearer \(fan.token)"])
    let cursor = try #require(try JSONSerialization.jsonObject(with: first.body) as? [String: Any])["cursor"]
    let started = ContinuousClock.now
    let clients = try (0..<40).map { _ in
      let client = try server.client()
      client.sendRaw(
        Array(
          "GET \(room)?after=\(cursor ?? 0)&wait=30 HTTP/1.1\r\nauthorization: Bearer \(fan.token)\r\n\r\n"
            .utf8))
      return client
    }
    let loop = try #require(server.server.loop.withLock { $0 })
    #expect(waitUntil { loop.heldByHandlers == 40 }, "every poll should be held")
    // Held on threads, 40 polls would have started 36 more workers.
    #expect(loop.workerCount == 4)
    let posted = try server.client().request(
      "POST", room, headers: ["authorization": "Bearer \(artist.token)", "content-type": "application/json"],
      body: Data(#"{"text":"To everyone holding"}"#.utf8))
    #expect(posted.status == 201)
    for client in clients {
      let page = try client.readResponse(timeout: .seconds(60))
      #expect(page?.status == 200)
      #expect(page.map { String(decoding: $0.body, as: UTF8.self).contains("To everyone holding") } == true)
    }
    // Polls whose wait ended would hold the message too, but only once their 30 s are over.
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  @Test func stopping_answersHeldLongPolls_ratherThanCuttingThemOffAfterTheGracePeriod() throws {
    let server = try TestServer()
    let fan = try Self.signIn(server, "demo_fan")
    let first = try server.client().request(
      "GET", "/v1/activity", headers: ["authorization": "Bearer \(fan.token)"])
    let cursor = try #require(try JSONSerialization.jsonObject(with: first.body) as? [String: Any])["cursor"]
    let client = try server.client()
    client.sendRaw(
      Array(
        "GET /v1/activity?after=\(cursor ?? 0)&wait=30 HTTP/1.1\r\nauthorization: Bearer \(fan.token)\r\n\r\n"
          .utf8))
    let loop = try #require(server.server.loop.withLock { $0 })
    #expect(waitUntil { loop.heldByHandlers == 1 }, "the poll should be held")
    // What `fromm-server` does on SIGTERM.
    server.backend.endLongPolls()
    Thread.detachNewThread { server.server.shutdown(gracePeriod: .seconds(20)) }
    // Cut off at the end of the grace period, the poll would get no answer at all.
    let answer = try client.readResponse(timeout: .seconds(60))
    #expect(answer?.status == 200)
    #expect(answer.map { String(decoding: $0.body, as: UTF8.self).contains(#""rooms":[]"#) } == true)
    #expect(waitUntil { loop.heldByHandlers == 0 })
  }
}
