import ArtistClient
import AuthClient
import CommonDataModels
import DevServerHTTP
import Foundation
import MessageClient
import NetworkProvider
import ProfileClient
import Testing

/// The same Live clients over real HTTP on loopback (URLSessionTransport → fromm-server's
/// HTTPServer → the backend), the path the apps take with `--server URL`.
@Suite struct HTTPContractTests {
  func serve(_ backend: Backend) throws -> (HTTPServer, App) {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    let server = HTTPServer(configuration: configuration, respondNowOrLater: backend.backend.handle(_:later:))
    let port = try server.start()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let store = SessionStore(directory: backend.folder, fileName: "http-session.json")
    let api = APIClient(transport: URLSessionTransport(baseURL: url), sessionStore: store)
    return (server, App(api: api, store: store))
  }

  @Test func overHTTP_signInReadSendProfileAndSignOut_work() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let (server, app) = try serve(backend)
    defer { server.shutdown(gracePeriod: .seconds(1)) }
    #expect(try await app.auth.checkExistAccount("demo_fan"))
    let session = try await app.auth.signIn("demo_fan", demoPassword)
    #expect(app.store.token() == session.token)
    let iu = try #require(try await app.artists.artists().first { $0.username == "iu_official" })
    let page = try await app.messages.messages(iu.id, nil)
    #expect(!page.messages.isEmpty)
    let reply = try await app.messages.send(iu.id, "Hello over HTTP", UUID())
    #expect(try await app.messages.messages(iu.id, page.cursor).messages == [reply])
    #expect(try await app.profile.profile().username == "demo_fan")
    try await app.auth.signOut()
    #expect(try await app.auth.restoreSession() == nil)
  }

  @Test func overHTTP_errorsMapLikeInProcess() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let (server, app) = try serve(backend)
    defer { server.shutdown(gracePeriod: .seconds(1)) }
    await #expect {
      try await app.artists.artists()
    } throws: { error in
      if case .unauthorized = error as? APIError { true } else { false }
    }
    _ = try await app.auth.signIn("demo_fan", demoPassword)
    do {
      _ = try await app.artists.subscribe(999_999)
      Issue.record("subscribed to a missing artist")
    } catch let APIError.rejected(code, _) {
      #expect(code == "not_found")
    }
  }

  @Test func stoppedServer_isUnreachableNamingTheServer() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let (server, app) = try serve(backend)
    let port = server.port
    server.shutdown(gracePeriod: .seconds(1))
    let transport = URLSessionTransport(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")))
    let api = APIClient(
      transport: transport, sessionStore: app.store, configuration: .init(maxAttempts: 1))
    await #expect(throws: APIError.unreachable("http://127.0.0.1:\(port)")) {
      try await AuthClient.live(api).checkExistAccount("demo_fan")
    }
  }

  @Test func requestsCancelledAsTheirAnswersArrive_endCancelled_andTheProcessCarriesOn() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let (server, _) = try serve(backend)
    defer { server.shutdown(gracePeriod: .seconds(1)) }
    let transport = URLSessionTransport(baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")))
    let health = WireRequest(method: "GET", path: APIPaths.health)
    var answered = 0
    var cancelled = 0
    // Cancelling from a few microseconds to a few milliseconds in lands some cancels on the
    // moment an answer completes, which FoundationNetworking's own cancel does not survive.
    for attempt in 0..<300 {
      let call = Task { try await transport.send(health) }
      try await Task.sleep(for: .microseconds(attempt % 30 * 50))
      call.cancel()
      switch await call.result {
      case .success(let response):
        #expect(response.status == 200)
        answered += 1
      case .failure(let error):
        #expect(error as? APIError == .cancelled)
        cancelled += 1
      }
    }
    #expect(answered + cancelled == 300)
    #expect(cancelled > 0)
    #expect(try await transport.send(health).status == 200)
  }
}
