import CommonDataModels
import Foundation
import NetworkProvider
import Testing

@Suite struct APIClientCacheTests {
  let folder: TemporaryDirectory
  let cache: CacheManager
  let store: SessionStore

  init() throws {
    folder = try TemporaryDirectory()
    cache = CacheManager(directory: folder.url.appendingPathComponent("cache"))
    store = SessionStore(directory: folder.url, fileName: "session.json")
  }

  func api(_ transport: ScriptedTransport) -> APIClient {
    APIClient(transport: transport, sessionStore: store, cache: cache)
  }

  @Test func cacheableGet_secondCall_isServedFromTheCache() async throws {
    defer { folder.remove() }
    store.save(token: "alice")
    let transport = ScriptedTransport(otherwise: .respond(json(200, #"{"text":"alice's"}"#)))
    let endpoint = Endpoint<Greeting>(.get, "/v1/profile", cacheTTL: .seconds(30))
    _ = try await api(transport).send(endpoint)
    #expect(try await api(transport).send(endpoint) == Greeting(text: "alice's"))
    #expect(transport.requests.count == 1)
  }

  @Test func cacheableGet_anotherSession_neverSeesTheFirstUsersAnswer() async throws {
    defer { folder.remove() }
    let transport = ScriptedTransport([
      .respond(json(200, #"{"text":"alice's"}"#)), .respond(json(200, #"{"text":"bob's"}"#)),
    ])
    let endpoint = Endpoint<Greeting>(.get, "/v1/profile", cacheTTL: .seconds(30))
    store.save(token: "alice")
    #expect(try await api(transport).send(endpoint).text == "alice's")
    store.save(token: "bob")
    #expect(try await api(transport).send(endpoint).text == "bob's")
    #expect(transport.requests.map { $0.headers["authorization"] } == ["Bearer alice", "Bearer bob"])
  }

  @Test func writeToTheSameResource_invalidatesTheCachedGet() async throws {
    defer { folder.remove() }
    store.save(token: "alice")
    let transport = ScriptedTransport([
      .respond(json(200, #"{"text":"old"}"#)), .respond(json(200, #"{"text":"new"}"#)),
      .respond(json(200, #"{"text":"new"}"#)),
    ])
    let read = Endpoint<Greeting>(.get, "/v1/profile", cacheTTL: .seconds(30))
    _ = try await api(transport).send(read)
    _ = try await api(transport).send(Endpoint<Greeting>(.patch, "/v1/profile", body: Greeting(text: "new")))
    #expect(try await api(transport).send(read).text == "new")
    #expect(transport.requests.map(\.method) == ["GET", "PATCH", "GET"])
  }

  @Test func subResourceWrite_invalidatesTheParentWhenAskedTo() async throws {
    defer { folder.remove() }
    store.save(token: "alice")
    let transport = ScriptedTransport(otherwise: .respond(json(200, #"{"text":"x"}"#)))
    let list = Endpoint<Greeting>(.get, "/v1/artists", cacheTTL: .seconds(30))
    _ = try await api(transport).send(list)
    _ = try await api(transport).send(
      Endpoint<Greeting>(.put, "/v1/artists/1/subscription", invalidates: ["/v1/artists"]))
    _ = try await api(transport).send(list)
    #expect(transport.requests.map(\.method) == ["GET", "PUT", "GET"])
  }

  @Test func failedAnswers_areNotCached() async throws {
    defer { folder.remove() }
    let transport = ScriptedTransport([
      .respond(json(404, #"{"code":"not_found","message":"No."}"#)), .respond(json(200, #"{"text":"x"}"#)),
    ])
    let read = Endpoint<Greeting>(.get, "/v1/profile", cacheTTL: .seconds(30))
    _ = try? await api(transport).send(read)
    #expect(try await api(transport).send(read).text == "x")
    #expect(transport.requests.count == 2)
  }
}

@Suite struct APIClientCacheEdgeTests {
  @Test func post_isNeverCachedEvenWithATTL() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let transport = ScriptedTransport(otherwise: .respond(json(200, #"{"text":"x"}"#)))
    let api = APIClient(transport: transport, cache: CacheManager(directory: folder.url))
    let endpoint = Endpoint<Greeting>(.post, "/v1/thing", cacheTTL: .seconds(60))
    _ = try await api.send(endpoint)
    _ = try await api.send(endpoint)
    #expect(transport.requests.count == 2)
  }

  @Test func undecodableCachedEntry_fallsBackToTheServer() async throws {
    let cache = CacheManager(directory: nil)
    let transport = ScriptedTransport(otherwise: .respond(json(200, #"{"text":"fresh"}"#)))
    let api = APIClient(transport: transport, cache: cache)
    await cache.store(Data("garbage".utf8), forKey: "anonymous GET /v1/thing?", ttl: .seconds(60))
    let endpoint = Endpoint<Greeting>(.get, "/v1/thing", requiresSession: false, cacheTTL: .seconds(60))
    #expect(try await api.send(endpoint).text == "fresh")
    #expect(try await api.send(endpoint).text == "fresh")
    #expect(transport.requests.count == 1)
  }
}
