import CommonDataModels
import Dispatch
import Foundation
import SQLiteStore
import Testing

@testable import DevServerCore

@Suite struct OpenAPIDocumentTests {
  static let documentURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("openapi.json")

  static func documentedRoutes() throws -> Set<String> {
    let data = try Data(contentsOf: documentURL)
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let paths = root["paths"] as? [String: Any]
    else { throw TestFailure("openapi.json has no 'paths' object") }
    var routes: Set<String> = []
    for (path, item) in paths {
      guard let operations = item as? [String: Any] else { continue }
      for method in operations.keys where ["get", "post", "put", "patch", "delete"].contains(method) {
        routes.insert("\(method.uppercased()) \(path)")
      }
    }
    return routes
  }

  @Test func everyRouteIsDocumented_andEveryDocumentedRouteExists() throws {
    let documented = try Self.documentedRoutes()
    let served = Set(DevBackend.routes.map { "\($0.method) \($0.pattern)" })
    #expect(served.subtracting(documented).sorted() == [], "routes missing from openapi.json")
    #expect(documented.subtracting(served).sorted() == [], "openapi.json documents routes the router lacks")
  }

  @Test func document_isOpenAPI3_withErrorBodySchema() throws {
    let data = try Data(contentsOf: Self.documentURL)
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((root["openapi"] as? String)?.hasPrefix("3.") == true)
    let schemas = (root["components"] as? [String: Any])?["schemas"] as? [String: Any]
    #expect(schemas?["APIErrorBody"] != nil)
  }

  /// The statuses each operation documents, keyed "METHOD /pattern".
  static func documentedStatuses() throws -> [String: Set<Int>] {
    let data = try Data(contentsOf: documentURL)
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let paths = root["paths"] as? [String: Any]
    else { throw TestFailure("openapi.json has no 'paths' object") }
    var statuses: [String: Set<Int>] = [:]
    for (path, item) in paths {
      for (method, operation) in item as? [String: Any] ?? [:] {
        let responses = (operation as? [String: Any])?["responses"] as? [String: Any] ?? [:]
        statuses["\(method.uppercased()) \(path)"] = Set(responses.keys.compactMap { Int($0) })
      }
    }
    return statuses
  }

  /// A body each route accepts, so the corpus also reaches the statuses behind validation.
  static func acceptedBody(_ pattern: String, _ serial: Int) -> String? {
    switch pattern {
    case APIPaths.checkAccount: #"{"username":"demo_fan"}"#
    case APIPaths.signUp: #"{"username":"new_user_\#(serial)","password":"long-enough-1","role":"fan"}"#
    case APIPaths.signIn: #"{"username":"demo_fan","password":"fromm-demo-1"}"#
    case APIPaths.profile: #"{"displayName":"Renamed"}"#
    case "/v1/rooms/{artistId}/messages": #"{"text":"hello"}"#
    default: nil
    }
  }

  /// Sends every route a corpus of requests (no, bad, fan and artist tokens; good, bad, missing
  /// and oversized bodies; existing, missing and malformed ids), then repeats wrong passwords
  /// and lookups until throttled, and writes while another connection holds the write lock;
  /// every status that comes back must be documented for that route.
  @Test func everyStatusARouteAnswers_isDocumentedForThatRoute() throws {
    let documented = try Self.documentedStatuses()
    let backend = try TestBackend(busyTimeoutMilliseconds: 50)
    let fan = try backend.signIn("demo_fan")
    let artist = try backend.signIn("iu_official")
    var seen: [String: Set<Int>] = [:]
    var serial = 0
    func send(_ route: (method: String, pattern: String), artistID: String, token: String?, body: String?) {
      serial += 1
      let path = route.pattern.replacingOccurrences(of: "{artistId}", with: artistID)
      let status = backend.send(route.method, path, token: token, json: body).status
      seen["\(route.method) \(route.pattern)", default: []].insert(status)
    }
    let oversized = #"{"text":""# + String(repeating: "a", count: 70_000) + #""}"#
    for route in DevBackend.routes {
      for artistID in ["1", "3", "999", "x"] {
        for token in [nil, String(repeating: "0", count: 64), fan.token, artist.token] {
          for body in [nil, "{", #"{"text":1}"#, oversized, Self.acceptedBody(route.pattern, serial)] {
            send(route, artistID: artistID, token: token, body: body)
          }
        }
      }
    }
    // The corpus signed both out; sessions for the last part, before throttling blocks sign-in.
    let lockedFan = try backend.signIn("demo_fan")
    let lockedArtist = try backend.signIn("iu_official")
    // Throttling: wrong passwords, account checks and sign-ups from one address.
    for route in DevBackend.routes where route.pattern.hasPrefix("/v1/auth/") && route.method == "POST" {
      for _ in 0..<40 {
        let body =
          route.pattern == APIPaths.signIn
          ? #"{"username":"demo_fan","password":"wrong-password"}"# : Self.acceptedBody(route.pattern, serial)
        send(route, artistID: "1", token: fan.token, body: body)
      }
    }
    // Another program holding the write lock.
    try backend.whileAnotherProgramHoldsTheWriteLock {
      for route in DevBackend.routes where route.pattern != APIPaths.signIn {
        send(
          route, artistID: "1",
          token: route.pattern.hasSuffix("/subscription") ? lockedFan.token : lockedArtist.token,
          body: Self.acceptedBody(route.pattern, serial))
      }
    }
    #expect(
      seen.values.contains { $0.contains(429) }, "the corpus never reached a 429; the test lost its reach")
    #expect(
      seen.values.contains { $0.contains(503) }, "the corpus never reached a 503; the test lost its reach")
    for (route, statuses) in seen.sorted(by: { $0.key < $1.key }) {
      let missing = statuses.subtracting(documented[route] ?? [])
      #expect(
        missing.isEmpty,
        "\(route) answered \(missing.sorted()) but openapi.json documents only \((documented[route] ?? []).sorted()); add those responses to openapi.json."
      )
    }
  }
}
