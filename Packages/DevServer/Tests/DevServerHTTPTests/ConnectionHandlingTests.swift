import CommonDataModels
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DevServerCore
@testable import DevServerHTTP

@Suite struct ConnectionHandlingTests {
  @Test func manyIdleAndSlowConnections_freshClientIsStillAnswered() throws {
    let server = try TestServer()
    var held: [LoopbackClient] = []
    for index in 0..<200 {
      let client = try server.client()
      if index % 2 == 0 {
        // Half send an unfinished head, the slowloris way; half just stay idle.
        client.sendRaw(Array("GET /v1/health HTTP/1.1\r\nx-slow: ".utf8))
      }
      held.append(client)
    }
    let fresh = try server.client()
    let response = try fresh.request("GET", APIPaths.health, timeout: .seconds(2))
    #expect(response.status == 200)
    withExtendedLifetime(held) {}
  }

  @Test func headDrippedSlowly_isCutOffAtTheHeaderDeadline() throws {
    let server = try TestServer { $0.headerTimeout = .milliseconds(300) }
    let client = try server.client()
    var refused: LoopbackClient.Response?
    for byte in Array("GET /v1/health HTTP/1.1\r\nx-drip: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8) {
      guard client.sendRaw([byte]) else { break }
      if let response = try? client.readResponse(timeout: .milliseconds(40)) {
        refused = response
        break
      }
    }
    // Without the head's deadline the drip would end unanswered (the read deadline is 10 s).
    #expect(refused?.status == 408)
  }

  @Test func oneAddressOverItsConnectionCap_gets503_othersAreUnaffected() throws {
    let server = try TestServer { $0.maxConnectionsPerAddress = 2 }
    let first = try server.client()
    let second = try server.client()
    let third = try server.client()
    #expect(try third.readResponse(timeout: .seconds(2))?.status == 503)
    #expect(try first.request("GET", APIPaths.health).status == 200)
    #expect(try second.request("GET", APIPaths.health).status == 200)
  }

  @Test func headSplitAcrossManyReads_isFoundWhereverTheTerminatorFalls() {
    var configuration = HTTPServerConfiguration()
    configuration.maxHeaderBytes = 64 * 1024
    let connection = HTTPConnection(fd: -1, peer: "test", host: "test", now: .now)
    let request = Array(
      "GET /v1/health HTTP/1.1\r\nx-pad: \(String(repeating: "p", count: 4_000))\r\n\r\n".utf8)
    var found = 0
    for (index, byte) in request.enumerated() {
      connection.buffer.append(byte)
      if case .request(let head, _) = connection.nextRequest(configuration, now: .now) {
        #expect(index == request.count - 1)
        #expect(head.path == "/v1/health")
        found += 1
      }
    }
    #expect(found == 1)
  }

  @Test func headEnd_startsFromTheGivenOffset_andFindsATerminatorStraddlingIt() {
    let bytes = Array("GET / HTTP/1.1\r\n\r\n".utf8)
    #expect(HTTPRequestParser.headEnd(in: bytes, from: 0) == bytes.count)
    #expect(HTTPRequestParser.headEnd(in: bytes, from: bytes.count - 4) == bytes.count)
    #expect(HTTPRequestParser.headEnd(in: bytes, from: bytes.count - 3) == nil)
  }

  /// The client address each request of a server configured with `trustedProxy` was given.
  func clientAddress(trustedProxy: String?, headers: [String: String]) throws -> String {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.trustedProxy = trustedProxy
    let server = HTTPServer(configuration: configuration, logger: .init(label: "test") { _ in }) { request in
      WireResponse(status: 200, body: Data((request.headers[HTTPServer.peerAddressHeader] ?? "none").utf8))
    }
    let port = try server.start()
    defer { server.shutdown(gracePeriod: .seconds(1)) }
    let response = try LoopbackClient(port: port).request("GET", "/", headers: headers)
    return String(decoding: response.body, as: UTF8.self)
  }

  @Test func clientAddress_isSetByTheServer_notTakenFromTheClient() throws {
    #expect(HTTPServer.peerAddressHeader == BackendCore.peerAddressHeader)
    let forged = [HTTPServer.peerAddressHeader: "203.0.113.9", "x-forwarded-for": "198.51.100.7"]
    #expect(try clientAddress(trustedProxy: nil, headers: forged) == "127.0.0.1")
    #expect(try clientAddress(trustedProxy: "10.1.1.1", headers: forged) == "127.0.0.1")
  }

  @Test func clientAddress_behindTheTrustedProxy_isTheLastForwardedAddress() throws {
    let forwarded = ["x-forwarded-for": "203.0.113.9, 198.51.100.7"]
    #expect(try clientAddress(trustedProxy: "127.0.0.1", headers: forwarded) == "198.51.100.7")
    #expect(try clientAddress(trustedProxy: "127.0.0.1", headers: [:]) == "127.0.0.1")
  }

  @Test func trustedProxy_hasNoPerAddressCap() throws {
    let server = try TestServer {
      $0.maxConnectionsPerAddress = 2
      $0.trustedProxy = "127.0.0.1"
    }
    let clients = try (0..<4).map { _ in try server.client() }
    for client in clients { #expect(try client.request("GET", APIPaths.health).status == 200) }
  }

  @Test func connectionCeiling_followsTheDescriptorLimit_lessAReserve() {
    #expect(HTTPServerConfiguration.connectionCeiling(descriptorLimit: 1_048_576) == 1_048_448)
    #expect(HTTPServerConfiguration.connectionCeiling(descriptorLimit: 100) == 64)
    #expect(HTTPServerConfiguration().maxConnections == Socket.hardDescriptorLimit() - 128)
  }

  @Test func encodedLineBreakInThePath_cannotForgeALogLine() throws {
    let server = try TestServer()
    _ = try server.client().request(
      "GET", "/v1/x%0d%0a2026-01-01T00:00:00.000Z%20[fromm-server]%20info:%20forged")
    let deadline = ContinuousClock.now + .seconds(2)
    while server.logLines.all.isEmpty && ContinuousClock.now < deadline { usleep(10_000) }
    let lines = server.logLines.all
    #expect(lines.count == 1)
    #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\r") })
    #expect(lines.first?.contains(#"/v1/x\r\n2026"#) == true)
  }

  @Test func listenOnIPv6Loopback_andOnLocalhost() throws {
    for host in ["::1", "localhost"] {
      var configuration = HTTPServerConfiguration()
      configuration.port = 0
      configuration.host = host
      let server = HTTPServer(configuration: configuration, logger: .init(label: "test") { _ in }) { _ in
        WireResponse(status: 200)
      }
      let port: UInt16
      do {
        port = try server.start()
      } catch {
        // A machine without IPv6 cannot bind ::1; that is the one acceptable failure.
        #expect(host == "::1", "\(host): \(error)")
        continue
      }
      defer { server.shutdown(gracePeriod: .seconds(1)) }
      #expect(try LoopbackClient(port: port, host: host).request("GET", "/").status == 200)
    }
  }
}

@Suite struct WorkerPoolTests {
  /// A server of two workers whose `/hold` requests block until `release` is signalled.
  private static func holdingServer(
    release: DispatchSemaphore, configure: (inout HTTPServerConfiguration) -> Void
  ) throws -> (HTTPServer, UInt16) {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.workerThreads = 2
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, logger: .init(label: "test", minimumLevel: .error))
    {
      request in
      if request.path == "/hold" { release.wait() }
      return WireResponse(status: 200, body: Data("ok".utf8))
    }
    return (server, try server.start())
  }

  /// `count` connections, each with a `/hold` request sent and not yet answered.
  private static func hold(_ count: Int, port: UInt16) throws -> [LoopbackClient] {
    try (0..<count).map { _ in
      let client = try LoopbackClient(port: port)
      client.sendRaw(Array("GET /hold HTTP/1.1\r\nhost: test\r\n\r\n".utf8))
      return client
    }
  }

  /// Sends `/fresh` requests one at a time until `done` or 5 s have passed; each wakes a worker.
  private static func sendRequests(port: UInt16, until done: () -> Bool) {
    let deadline = ContinuousClock.now + .seconds(5)
    while !done(), ContinuousClock.now < deadline {
      _ = try? LoopbackClient(port: port).request("GET", "/fresh", timeout: .seconds(1))
    }
  }

  @Test func everyWorkerHeldByALongRequest_aFreshRequestIsStillAnswered_andAddedWorkersEndAfterwards()
    throws
  {
    let release = DispatchSemaphore(value: 0)
    let (server, port) = try Self.holdingServer(release: release) { _ in }
    defer { server.shutdown(gracePeriod: .seconds(2)) }
    let held = try Self.hold(4, port: port)
    let fresh = try LoopbackClient(port: port).request("GET", "/fresh", timeout: .seconds(2))
    #expect(fresh.status == 200)
    let loop = try #require(server.loop.withLock { $0 })
    #expect(loop.workerCount > 4)

    for _ in held { release.signal() }
    for client in held { #expect(try client.readResponse(timeout: .seconds(2))?.status == 200) }
    // Each added worker ends after its next wake-up once another is idle; requests wake them.
    Self.sendRequests(port: port, until: { loop.workerCount <= 2 })
    #expect(loop.workerCount == 2)
  }

  @Test func idleWorkersBeyondTheLimit_park_andComeBackRatherThanNewOnesWhenTheOthersAreHeld() throws {
    let release = DispatchSemaphore(value: 0)
    let (server, port) = try Self.holdingServer(release: release) {
      $0.workerThreads = 6
      $0.maxIdleWorkers = 2
    }
    defer { server.shutdown(gracePeriod: .seconds(2)) }
    let loop = try #require(server.loop.withLock { $0 })
    // Each request wakes a worker, which parks afterwards while more than 2 are idle.
    Self.sendRequests(port: port, until: { loop.parkedWorkerCount >= 4 })
    #expect(loop.parkedWorkerCount == 4)

    // 4 held and a fresh one keep 5 of the 6 workers answering: each worker that takes the last
    // free place brings a parked one back, so none has to start (the 6th busy one would add one).
    let held = try Self.hold(4, port: port)
    let fresh = try LoopbackClient(port: port).request("GET", "/fresh", timeout: .seconds(2))
    #expect(fresh.status == 200)
    #expect(loop.workerCount == 6, "parked workers answer before new ones start")
    for _ in held { release.signal() }
    for client in held { #expect(try client.readResponse(timeout: .seconds(2))?.status == 200) }
  }

  @Test func shutdown_withWorkersParked_endsWithoutWaitingForThem() throws {
    let release = DispatchSemaphore(value: 0)
    let (server, port) = try Self.holdingServer(release: release) {
      $0.workerThreads = 6
      $0.maxIdleWorkers = 1
    }
    let loop = try #require(server.loop.withLock { $0 })
    Self.sendRequests(port: port, until: { loop.parkedWorkerCount >= 2 })
    #expect(loop.parkedWorkerCount >= 2)
    // Waiting for the parked workers, the shutdown would last its whole 10-minute grace period.
    let stopped = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      server.shutdown(gracePeriod: .seconds(600))
      stopped.signal()
    }
    #expect(stopped.wait(timeout: .now() + 60) == .success)
  }

  @Test func workersAtTheirMaximum_aFreshRequestWaitsForAHeldOneToEnd() throws {
    let release = DispatchSemaphore(value: 0)
    let (server, port) = try Self.holdingServer(release: release) { $0.maxWorkerThreads = 2 }
    defer { server.shutdown(gracePeriod: .seconds(2)) }
    let held = try Self.hold(2, port: port)
    Thread.sleep(forTimeInterval: 0.2)
    let fresh = try LoopbackClient(port: port)
    fresh.sendRaw(Array("GET /fresh HTTP/1.1\r\nhost: test\r\n\r\n".utf8))
    // No answer yet: both workers are held and no third may start.
    #expect(throws: (any Error).self) { try fresh.readResponse(timeout: .milliseconds(300)) }
    release.signal()
    #expect(try fresh.readResponse(timeout: .seconds(2))?.status == 200)
    release.signal()
    for client in held { #expect(try client.readResponse(timeout: .seconds(2))?.status == 200) }
  }
}
