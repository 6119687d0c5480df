import CommonDataModels
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DevServerCore
@testable import DevServerHTTP

/// A real server on a free loopback port, over a dev backend in a temporary folder.
final class TestServer: Sendable {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "http-tests-\(UUID().uuidString)")
  let server: HTTPServer
  let backend: DevBackend
  let port: UInt16
  let logLines = LogLines()

  init(configure: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configure(&configuration)
    backend = try DevBackend(dataDirectory: folder, hasher: PasswordHasher(cost: 1))
    let lines = logLines
    server = HTTPServer(
      configuration: configuration, logger: .init(label: "test", minimumLevel: .info) { lines.append($0) },
      respondNowOrLater: backend.handle(_:later:))
    port = try server.start()
  }

  deinit {
    server.shutdown(gracePeriod: .seconds(2))
    try? FileManager.default.removeItem(at: folder)
  }

  func client() throws -> LoopbackClient { try LoopbackClient(port: port) }

  /// Whether the server still answers a fresh connection (used after hostile input).
  func isHealthy() throws -> Bool {
    try client().request("GET", APIPaths.health).status == 200
  }
}

final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])
  func append(_ line: String) { lines.withLock { $0.append(line) } }
  var all: [String] { lines.withLock { $0 } }
}

@Suite struct HTTPServerTests {
  @Test func start_portZero_bindsAFreePortAndServesHealth() throws {
    let server = try TestServer()
    #expect(server.port != 0)
    let response = try server.client().request("GET", "/v1/health")
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json")
    #expect(
      String(decoding: response.body, as: UTF8.self)
        == #"{"integrity":"ok","status":"ok","storage":"writable"}"#)
  }

  @Test func keepAlive_servesManyRequestsOnOneConnection() throws {
    let server = try TestServer()
    let client = try server.client()
    for _ in 0..<5 {
      let response = try client.request("GET", "/v1/health")
      #expect(response.status == 200)
      #expect(response.headers["connection"] == "keep-alive")
    }
  }

  @Test func signInThenAuthorizedRequest_overHTTP() throws {
    let server = try TestServer()
    let client = try server.client()
    let signIn = try client.request(
      "POST", "/v1/auth/sign-in", headers: ["content-type": "application/json"],
      body: Data(#"{"username":"demo_fan","password":"\#(DemoData.password)"}"#.utf8))
    #expect(signIn.status == 200)
    let token = try #require(
      (try JSONSerialization.jsonObject(with: signIn.body) as? [String: Any])?["token"] as? String)
    let artists = try client.request("GET", "/v1/artists", headers: ["authorization": "Bearer \(token)"])
    #expect(artists.status == 200)
    let unauthorized = try client.request("GET", "/v1/artists")
    #expect(unauthorized.status == 401)
    let error = try WireJSON.decode(APIErrorBody.self, from: unauthorized.body)
    #expect(error.code == "unauthorized")
  }

  @Test func query_isDecodedAndPassedToTheHandler() throws {
    let server = try TestServer()
    let client = try server.client()
    let response = try client.request("GET", "/v1/rooms/1/messages?after=abc%20d")
    // Without a token the handler answers 401 before reading the query; with one it would be 400.
    #expect(response.status == 401)
  }

  @Test func http10WithoutKeepAlive_closesAfterTheResponse() throws {
    let server = try TestServer()
    let client = try server.client()
    client.sendRaw(Array("GET /v1/health HTTP/1.0\r\n\r\n".utf8))
    let response = try #require(try client.readResponse())
    #expect(response.status == 200)
    #expect(response.headers["connection"] == "close")
    #expect(client.isClosedByServer())
  }

  @Test func connectionClose_isHonoured() throws {
    let server = try TestServer()
    let client = try server.client()
    let response = try client.request("GET", "/v1/health", headers: ["connection": "close"])
    #expect(response.headers["connection"] == "close")
    #expect(client.isClosedByServer())
  }

  @Test func pipelinedRequests_areAnsweredInOrder() throws {
    let server = try TestServer()
    let client = try server.client()
    client.sendRaw(Array("GET /v1/health HTTP/1.1\r\n\r\nGET /v1/nope HTTP/1.1\r\n\r\n".utf8))
    #expect(try client.readResponse()?.status == 200)
    #expect(try client.readResponse()?.status == 404)
  }

  @Test func oversizedContentLength_returns413WithoutReadingTheBody() throws {
    let server = try TestServer()
    let client = try server.client()
    client.sendRaw(Array("POST /v1/auth/sign-in HTTP/1.1\r\ncontent-length: 10000000\r\n\r\n".utf8))
    let response = try #require(try client.readResponse())
    #expect(response.status == 413)
    #expect(try WireJSON.decode(APIErrorBody.self, from: response.body).code == "payload_too_large")
    #expect(client.isClosedByServer())
    #expect(try server.isHealthy())
  }

  @Test func oversizedHeaders_return431() throws {
    let server = try TestServer { $0.maxHeaderBytes = 1_024 }
    let client = try server.client()
    client.sendRaw(
      Array("GET /v1/health HTTP/1.1\r\nx-big: \(String(repeating: "a", count: 2_000))\r\n\r\n".utf8))
    #expect(try client.readResponse()?.status == 431)
    #expect(try server.isHealthy())
  }

  @Test(arguments: [
    "garbage\r\n\r\n",
    "GET\r\n\r\n",
    "get /v1/health HTTP/1.1\r\n\r\n",
    "GET v1/health HTTP/1.1\r\n\r\n",
    "GET /v1/health HTTP/1.1\r\nno-colon-here\r\n\r\n",
    "POST /v1/auth/sign-in HTTP/1.1\r\ncontent-length: -5\r\n\r\n",
    "POST /v1/auth/sign-in HTTP/1.1\r\ncontent-length: 99999999999999999999999\r\n\r\n",
    "POST /v1/auth/sign-in HTTP/1.1\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n",
    "GET /v1/%zz HTTP/1.1\r\n\r\n",
  ])
  func malformedRequest_returns400AndServerStaysUp(raw: String) throws {
    let server = try TestServer()
    let client = try server.client()
    client.sendRaw(Array(raw.utf8))
    let response = try #require(try client.readResponse())
    #expect(response.status == 400)
    #expect(try WireJSON.decode(APIErrorBody.self, from: response.body).code == "bad_request")
    #expect(try server.isHealthy())
  }

  @Test func invalidUTF8InHeaders_returns400() throws {
    let server = try TestServer()
    let client = try server.client()
    client.sendRaw(
      Array("GET /v1/health HTTP/1.1\r\nx-name: ".utf8) + [0xFF, 0xFE, 0xC3] + Array("\r\n\r\n".utf8))
    #expect(try client.readResponse()?.status == 400)
    #expect(try server.isHealthy())
  }

  @Test func randomGarbageBytes_neverCrashTheServer() throws {
    let server = try TestServer()
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<20 {
      let client = try server.client()
      let length = Int.random(in: 1...3_000, using: &generator)
      client.sendRaw(
        (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) } + Array("\r\n\r\n".utf8))
      _ = try? client.readResponse(timeout: .seconds(2))
    }
    #expect(try server.isHealthy())
  }

  @Test func chunkedBody_returns501() throws {
    let server = try TestServer()
    let client = try server.client()
    client.sendRaw(
      Array("POST /v1/auth/sign-in HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n".utf8))
    #expect(try client.readResponse()?.status == 501)
  }

  @Test func truncatedBodyThenClose_leavesServerHealthy() throws {
    let server = try TestServer()
    do {
      let client = try server.client()
      client.sendRaw(Array("POST /v1/auth/sign-in HTTP/1.1\r\ncontent-length: 100\r\n\r\n{\"user".utf8))
    }
    #expect(try server.isHealthy())
  }

  @Test func slowClient_getsA408AfterTheReadTimeout() throws {
    let server = try TestServer { $0.readTimeout = .milliseconds(300) }
    let client = try server.client()
    client.sendRaw(Array("GET /v1/heal".utf8))
    let response = try #require(try client.readResponse(timeout: .seconds(3)))
    #expect(response.status == 408)
    #expect(client.isClosedByServer())
  }

  @Test func idleKeepAliveConnection_isClosedAfterTheIdleTimeout() throws {
    let server = try TestServer { $0.idleTimeout = .milliseconds(200) }
    let client = try server.client()
    #expect(try client.request("GET", "/v1/health").status == 200)
    #expect(client.isClosedByServer(within: .seconds(2)))
  }

  /// A server of one connection (and `reserve` more), that one busy with a half-sent request.
  func fullServer(reserve: Int) throws -> (TestServer, busy: LoopbackClient) {
    let server = try TestServer {
      $0.maxConnections = 1
      $0.reserveConnections = reserve
    }
    let busy = try server.client()
    busy.sendRaw(Array("GET /v1/health HTTP/1.1\r\n".utf8))
    usleep(100_000)
    return (server, busy)
  }

  @Test func connectionLimit_busyConnectionsAndNoReserve_refuseTheExtraOneWith503() throws {
    let (server, first) = try fullServer(reserve: 0)
    let second = try server.client()
    #expect(try second.readResponse()?.status == 503)
    first.sendRaw(Array("\r\n".utf8))
    #expect(try first.readResponse()?.status == 200)
  }

  @Test func connectionLimit_busyConnections_leaveAReserveThatAnswersOnlyHealthAndSignIn() throws {
    let (server, first) = try fullServer(reserve: 1)
    let reserve = try server.client()
    #expect(try reserve.request("GET", APIPaths.health).status == 200)
    let refused = try reserve.request("GET", APIPaths.artists)
    #expect(refused.status == 503)
    #expect(String(decoding: refused.body, as: UTF8.self).contains("only health checks and sign-ins"))
    first.sendRaw(Array("\r\n".utf8))
    #expect(try first.readResponse()?.status == 200)
  }

  @Test func connectionLimit_idleConnectionMakesRoomForANewClient() throws {
    // No reserve: a client arriving while the first is still busy would be let in through it.
    let server = try TestServer {
      $0.maxConnections = 1
      $0.reserveConnections = 0
    }
    let idle = try server.client()
    #expect(try idle.request("GET", "/v1/health").status == 200)
    // The client reads its response before the worker hands the connection back to the event
    // loop; until then it is busy, not idle, and a new client gets 503. So a fresh client may
    // need more tries; the bound (30 s) only ends a server that never hands it back.
    var status: Int?
    for _ in 0..<600 where status != 200 {
      status = try server.client().request("GET", "/v1/health").status
      if status != 200 { usleep(50_000) }
    }
    #expect(status == 200)
    #expect(idle.isClosedByServer())
  }

  @Test func everyRequest_logsOneLine() throws {
    let server = try TestServer()
    let client = try server.client()
    _ = try client.request("GET", "/v1/health")
    _ = try client.request("GET", "/v1/nope")
    // The line is written after the response is sent, so give the server a moment.
    let deadline = ContinuousClock.now + .seconds(2)
    while server.logLines.all.count < 2 && ContinuousClock.now < deadline { usleep(10_000) }
    let lines = server.logLines.all
    try #require(lines.count == 2)
    #expect(lines[0].contains("GET /v1/health 200"))
    #expect(lines[1].contains("GET /v1/nope 404"))
  }

  @Test func shutdown_stopsAcceptingAndClosesIdleConnections() throws {
    let server = try TestServer()
    let idle = try server.client()
    #expect(try idle.request("GET", "/v1/health").status == 200)
    server.server.shutdown(gracePeriod: .seconds(2))
    #expect(idle.isClosedByServer())
    #expect(throws: LoopbackClient.Failure.self) { try LoopbackClient(port: server.port) }
  }

  @Test func start_portInUse_throws() throws {
    let server = try TestServer()
    var configuration = HTTPServerConfiguration()
    configuration.port = server.port
    let second = HTTPServer(configuration: configuration) { _ in WireResponse(status: 204) }
    #expect(second.port == 0)
    #expect(throws: (any Error).self) { try second.start() }
  }
}
