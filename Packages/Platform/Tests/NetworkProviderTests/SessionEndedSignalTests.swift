import CommonDataModels
import Foundation
import NetworkProvider
import Testing

@Suite struct SessionEndedSignalTests {
  func makeClient(_ transport: ScriptedTransport) throws -> (APIClient, TemporaryDirectory) {
    let folder = try TemporaryDirectory()
    let store = SessionStore(directory: folder.url, fileName: "session.json")
    store.save(token: "tok-1")
    return (APIClient(transport: transport, sessionStore: store), folder)
  }

  @Test func send_401ToACallWithTheSession_tellsEveryListenerTheServersReason() async throws {
    let body = #"{"code":"unauthorized","message":"Your session has expired; sign in again."}"#
    let transport = ScriptedTransport([.respond(json(401, body))])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    let first = api.sessionEnded.stream()
    let second = api.sessionEnded.stream()

    await #expect(throws: APIError.unauthorized("Your session has expired; sign in again.")) {
      try await api.send(Endpoint<Greeting>(.get, "/v1/greeting"))
    }

    var firstReasons = first.makeAsyncIterator()
    var secondReasons = second.makeAsyncIterator()
    #expect(await firstReasons.next() == "Your session has expired; sign in again.")
    #expect(await secondReasons.next() == "Your session has expired; sign in again.")
  }

  @Test func send_401ToACallWithoutTheSession_isAWrongPasswordNotAnEndedSession() async throws {
    let body = #"{"code":"unauthorized","message":"Wrong username or password."}"#
    let transport = ScriptedTransport([
      .respond(json(401, body)), .respond(json(401, #"{"code":"unauthorized","message":"expired"}"#)),
    ])
    let (api, folder) = try makeClient(transport)
    defer { folder.remove() }
    let reasons = api.sessionEnded.stream()

    await #expect(throws: APIError.unauthorized("Wrong username or password.")) {
      try await api.send(
        Endpoint<Greeting>(.post, "/v1/auth/sign-in", body: Greeting(text: "x"), requiresSession: false))
    }
    await #expect(throws: APIError.unauthorized("expired")) {
      try await api.send(Endpoint<Greeting>(.get, "/v1/greeting"))
    }

    // The first reason heard is the second call's: the sign-in's 401 was not sent.
    var iterator = reasons.makeAsyncIterator()
    #expect(await iterator.next() == "expired")
  }
}
