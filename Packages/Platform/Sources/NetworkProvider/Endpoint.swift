/// One API call described as data: where it goes, what it sends, what it answers, and how the
/// ``APIClient`` may treat it (session, caching, retries, cache invalidation).
///
/// ```swift
/// let endpoint = Endpoint<Profile>(.get, APIPaths.profile, cacheTTL: .seconds(30))
/// let profile = try await api.send(endpoint)
/// ```
public struct Endpoint<Response: Decodable & Sendable>: Sendable {
  /// The HTTP method.
  public var method: HTTPMethod
  /// The path without the query string, e.g. `/v1/profile`.
  public var path: String
  /// Query parameters.
  public var query: [String: String]
  /// The value sent as the JSON body, encoded with `WireJSON`; `nil` for no body.
  public var body: (any Encodable & Sendable)?
  /// Whether the call sends the stored session token as `authorization: Bearer <token>`.
  public var requiresSession: Bool
  /// How long a successful answer may be served from the cache; `nil` never caches. Only `GET`s
  /// are cached, whatever this says.
  public var cacheTTL: Duration?
  /// Whether the call may be sent again after a transient failure (network, timeout, 5xx).
  public var isIdempotent: Bool
  /// Path prefixes whose cached answers a success makes stale (for every user).
  public var invalidates: [String]
  /// Headers the call adds to those the ``APIClient`` sets (an `idempotency-key` on a post).
  public var headers: [String: String]

  /// Describes a call.
  ///
  /// - Parameters:
  ///   - isIdempotent: Defaults to the method's meaning (`GET`, `PUT`, `DELETE`).
  ///   - invalidates: Defaults to the path itself for anything but a `GET`.
  public init(
    _ method: HTTPMethod, _ path: String, query: [String: String] = [:],
    body: (any Encodable & Sendable)? = nil, requiresSession: Bool = true, cacheTTL: Duration? = nil,
    isIdempotent: Bool? = nil, invalidates: [String]? = nil, headers: [String: String] = [:]
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.body = body
    self.requiresSession = requiresSession
    self.cacheTTL = cacheTTL
    self.isIdempotent = isIdempotent ?? method.isIdempotent
    self.invalidates = invalidates ?? (method == .get ? [] : [path])
    self.headers = headers
  }

  /// Whether ``APIClient`` may answer this call from its cache.
  public var isCacheable: Bool { method == .get && (cacheTTL ?? .zero) > .zero }
}

/// The response type of calls that answer with no body (204), such as sign-out.
public struct NoContent: Decodable, Sendable, Equatable {
  /// The one value.
  public init() {}
  public init(from decoder: any Decoder) throws {}
}
