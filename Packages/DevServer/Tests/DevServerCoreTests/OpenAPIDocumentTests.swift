import Foundation
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
}
