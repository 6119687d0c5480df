import CommonDataModels
import ComposableArchitectureTesting
import Foundation
import NetworkProvider
import Testing

@Suite struct APIClientTests {
  func makeClient(
    _ transport: ScriptedTransport, token: String? = "tok-1", cache: CacheManager? = nil,
    sleeper: SleepRecorder = SleepRecorder(), clock: any Clock<Duration> = ContinuousClock()
  ) throws -> (APIClient, TemporaryDirectory) {
    let folder = try TemporaryDirectory()
    let store = SessionStore(directory: folder.url, fileName: "session.json")
    if let token { store.save(token: token) }
    let api = APIClient(
      transport: transport, sessionStore: store, cache: cache, clock: clock, backoffSleep: sleeper.sleep)
    return (api, folder)
  }

  @Test func send_getWithSession_sendsBearerAndQueryAndDecodes() async throws {
    let transport = ScriptedTransport([.respond(json(200, #"{"text":"hi"}"#))])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    let value = try await api.send(Endpoint<Greeting>(.get, "/v1/greeting", query: ["after": "7"]))
    #expect(value == Greeting(text: "hi"))
    #expect(
      transport.requests == [
        WireRequest(
          method: "GET", path: "/v1/greeting", query: ["after": "7"],
          headers: ["authorization": "Bearer tok-1"])
      ])
  }

  @Test func send_postWithoutSession_encodesBodyWithContentTypeAndNoAuthorization() async throws {
    let transport = ScriptedTransport([.respond(json(201, #"{"text":"ok"}"#))])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    _ = try await api.send(
      Endpoint<Greeting>(.post, "/v1/greeting", body: Greeting(text: "hé"), requiresSession: false))
    let request = try #require(transport.requests.first)
    #expect(request.method == "POST")
    #expect(request.headers == ["content-type": "application/json"])
    #expect(String(decoding: request.body, as: UTF8.self) == #"{"text":"hé"}"#)
  }

  @Test func send_noContent_returnsWithoutDecoding() async throws {
    let transport = ScriptedTransport([.respond(WireResponse(status: 204))])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    #expect(try await api.send(Endpoint<NoContent>(.post, "/v1/auth/sign-out")) == NoContent())
  }

  @Test func send_401_throwsUnauthorizedWithTheServersMessage() async throws {
    let body = #"{"code":"unauthorized","message":"Your session has expired; sign in again."}"#
    let transport = ScriptedTransport([.respond(json(401, body))])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    await #expect(throws: APIError.unauthorized("Your session has expired; sign in again.")) {
      try await api.send(Endpoint<Greeting>(.get, "/v1/greeting"))
    }
  }

  @Test func send_4xxWithErrorBody_throwsRejectedWithCodeAndMessage() async throws {
    let body = #"{"code":"invalid_username","message":"field 'username': At least 3 characters."}"#
    let transport = ScriptedTransport([.respond(json(400, body))])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    await #expect(
      throws: APIError.rejected(code: "invalid_username", message: "field 'username': At least 3 characters.")
    ) {
      try await api.send(Endpoint<Greeting>(.post, "/v1/greeting", body: Greeting(text: "x")))
    }
  }

  @Test func send_4xxWithoutErrorBody_throwsRejectedNamingTheStatus() async throws {
    let transport = ScriptedTransport([.respond(WireResponse(status: 404, body: Data("nope".utf8)))])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    await #expect(
      throws: APIError.rejected(code: "http_404", message: "The server refused the request (status 404).")
    ) {
      try await api.send(Endpoint<Greeting>(.get, "/v1/greeting"))
    }
  }

  @Test func send_5xxOnIdempotentGet_retriesWithExponentialBackoffThenThrowsServer() async throws {
    let failure = json(503, #"{"code":"internal_error","message":"The database is busy."}"#)
    let transport = ScriptedTransport(otherwise: .respond(failure))
    let sleeper = SleepRecorder()
    let (api, folder) = try makeClient(transport, sleeper: sleeper)
    defer { folder.remove() }
    await #expect(throws: APIError.server(status: 503, message: "The database is busy.")) {
      try await api.send(Endpoint<Greeting>(.get, "/v1/greeting"))
    }
    #expect(transport.requests.count == 3)
    #expect(sleeper.recorded == [.milliseconds(200), .milliseconds(400)])
  }

  @Test func send_5xxThenSuccess_returnsTheRetriedAnswer() async throws {
    let transport = ScriptedTransport([
      .respond(json(500, #"{"code":"internal_error","message":"x"}"#)),
      .respond(json(200, #"{"text":"ok"}"#)),
    ])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    #expect(try await api.send(Endpoint<Greeting>(.put, "/v1/greeting")) == Greeting(text: "ok"))
    #expect(transport.requests.count == 2)
  }

  @Test func send_5xxOnPost_isNotRetried() async throws {
    let transport = ScriptedTransport(
      otherwise: .respond(json(500, #"{"code":"internal_error","message":"x"}"#)))
    let sleeper = SleepRecorder()
    let (api, folder) = try makeClient(transport, sleeper: sleeper)
    defer { folder.remove() }
    await #expect(throws: APIError.server(status: 500, message: "x")) {
      try await api.send(Endpoint<Greeting>(.post, "/v1/greeting", body: Greeting(text: "once")))
    }
    #expect(transport.requests.count == 1)
    #expect(sleeper.recorded.isEmpty)
  }

  @Test func send_unreachable_retriesIdempotentOnlyThenThrowsUnreachable() async throws {
    let transport = ScriptedTransport(otherwise: .fail(.unreachable("http://127.0.0.1:9")))
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    await #expect(throws: APIError.unreachable("http://127.0.0.1:9")) {
      try await api.send(Endpoint<Greeting>(.delete, "/v1/greeting"))
    }
    #expect(transport.requests.count == 3)
    await #expect(throws: APIError.unreachable("http://127.0.0.1:9")) {
      try await api.send(Endpoint<Greeting>(.patch, "/v1/greeting"))
    }
    #expect(transport.requests.count == 4)
  }

  @Test func send_4xx_isNeverRetried() async throws {
    let transport = ScriptedTransport(
      otherwise: .respond(json(403, #"{"code":"forbidden","message":"No."}"#)))
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    await #expect(throws: APIError.rejected(code: "forbidden", message: "No.")) {
      try await api.send(Endpoint<Greeting>(.get, "/v1/greeting"))
    }
    #expect(transport.requests.count == 1)
  }

  @Test func send_malformedBody_throwsDecodingWithTheFieldPath() async throws {
    let transport = ScriptedTransport([.respond(json(200, #"{"txt":"hi"}"#))])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    await #expect(throws: APIError.decoding("field 'text': is missing")) {
      try await api.send(Endpoint<Greeting>(.get, "/v1/greeting"))
    }
  }

  @Test func send_stuckTransport_timesOutOnTheClockWithoutWaitingForIt() async throws {
    let clock = TestClock()
    let transport = ScriptedTransport([.hang])
    defer { transport.release() }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let api = APIClient(
      transport: transport, configuration: .init(timeout: .seconds(5), maxAttempts: 1), clock: clock)
    let call = Task { try await api.send(Endpoint<Greeting>(.get, "/v1/greeting")) }
    while clock.sleeperCount < 1 { await Task.yield() }
    await clock.advance(by: .seconds(5))
    await #expect(throws: APIError.timeout) { try await call.value }
  }

  @Test func send_cancelledWhileWaiting_throwsCancelledAtOnce() async throws {
    let transport = ScriptedTransport([.hang])
    defer { transport.release() }
    let api = APIClient(transport: transport)
    let call = Task { try await api.send(Endpoint<Greeting>(.get, "/v1/greeting")) }
    while transport.requests.isEmpty { await Task.yield() }
    call.cancel()
    await #expect(throws: APIError.cancelled) { try await call.value }
  }

  @Test func send_alreadyCancelled_throwsCancelledWithoutRetrying() async throws {
    let transport = ScriptedTransport(otherwise: .fail(.unreachable("x")))
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    let call = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await api.send(Endpoint<Greeting>(.get, "/v1/greeting"))
    }
    await #expect(throws: APIError.cancelled) { try await call.value }
    #expect(transport.requests.count <= 1)
  }
}
