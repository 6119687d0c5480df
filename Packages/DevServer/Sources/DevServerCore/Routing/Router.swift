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

/// Where a route that answers after returning sends its outcome.
typealias RouteOutcome = @Sendable (Result<WireResponse, any Error>) -> Void

/// One endpoint of the shared ``APIRoute`` table and what answers it.
struct Route: Sendable {
  var route: APIRoute
  /// Answers a request, or returns `nil` and passes the answer to the ``RouteOutcome`` later.
  var action: @Sendable (BackendCore, RouteRequest, @escaping RouteOutcome) throws -> WireResponse?
  let segments: [Segment]

  /// One `/`-separated part of a pattern: fixed text, or a parameter's name (`{artistId}`).
  enum Segment: Sendable {
    case literal(Substring)
    case parameter(String)
  }

  init(
    _ route: APIRoute,
    action: @escaping @Sendable (BackendCore, RouteRequest, @escaping RouteOutcome) throws -> WireResponse?
  ) {
    self.route = route
    self.action = action
    self.segments = route.pattern.split(separator: "/").map { segment in
      segment.hasPrefix("{") && segment.hasSuffix("}")
        ? .parameter(String(segment.dropFirst().dropLast())) : .literal(segment)
    }
  }

  var method: String { route.method }
  var pattern: String { route.pattern }

  /// Whether `parts` (a path split at `/`) fits the pattern; compares without allocating, since
  /// every request is held against most routes.
  func fits(_ parts: [Substring]) -> Bool {
    guard segments.count == parts.count else { return false }
    for (segment, part) in zip(segments, parts) {
      if case .literal(let text) = segment, text != part { return false }
    }
    return true
  }

  /// The parameters' values in `parts`, which ``fits(_:)``.
  func parameters(in parts: [Substring]) -> [String: String] {
    var parameters: [String: String] = [:]
    for (segment, part) in zip(segments, parts) {
      if case .parameter(let name) = segment { parameters[name] = String(part) }
    }
    return parameters
  }
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
    // A path often fits a route of another method before its own (`GET` before `POST` of a
    // room's messages): the methods for a 405 are gathered only when no route matches.
    for route in routes where route.fits(parts) && route.method == method {
      return .found(route, parameters: route.parameters(in: parts))
    }
    let allowed = routes.filter { $0.fits(parts) }.map(\.method)
    return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed: allowed)
  }
}
