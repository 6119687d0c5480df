import CommonDataModels

/// A request matched to a route, with its path parameters (`{artistId}` → `"3"`).
struct RouteRequest {
  var wire: WireRequest
  var parameters: [String: String]

  /// The client's address as the HTTP layer reported it, or "local" for in-process requests.
  var clientAddress: String {
    wire.headers[BackendCore.peerAddressHeader] ?? "local"
  }
}

/// One endpoint of the shared ``APIRoute`` table and what answers it.
struct Route: Sendable {
  var route: APIRoute
  var action: @Sendable (BackendCore, RouteRequest) throws -> WireResponse
  let segments: [Substring]

  init(_ route: APIRoute, action: @escaping @Sendable (BackendCore, RouteRequest) throws -> WireResponse) {
    self.route = route
    self.action = action
    self.segments = route.pattern.split(separator: "/")
  }

  var method: String { route.method }
  var pattern: String { route.pattern }
}

/// Finds the route for a method and path, telling "no such path" (404) from "no such method" (405).
struct Router: Sendable {
  enum Match {
    case found(Route, parameters: [String: String])
    case methodNotAllowed(allowed: [String])
    case notFound
  }

  let routes: [Route]

  func match(method: String, path: String) -> Match {
    let parts = path.split(separator: "/")
    var allowed: [String] = []
    for route in routes {
      guard let parameters = Self.bind(route.segments, to: parts) else { continue }
      if route.method == method { return .found(route, parameters: parameters) }
      allowed.append(route.method)
    }
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }

  private static func bind(_ pattern: [Substring], to parts: [Substring]) -> [String: String]? {
    guard pattern.count == parts.count else { return nil }
    var parameters: [String: String] = [:]
    for (expected, actual) in zip(pattern, parts) {
      if expected.hasPrefix("{") && expected.hasSuffix("}") {
        parameters[String(expected.dropFirst().dropLast())] = String(actual)
      } else if expected != actual {
        return nil
      }
    }
    return parameters
  }
}
