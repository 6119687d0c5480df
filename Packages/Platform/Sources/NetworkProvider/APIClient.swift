import CommonDataModels
import CommonKit
import Foundation

/// Sends ``Endpoint``s over any ``Transport`` and turns the answers into values or `APIError`s.
///
/// Both transports share everything here: JSON encoding (`WireJSON`), the bearer header from the
/// ``SessionStore``, a timeout, retries with exponential backoff for idempotent calls only, the
/// cache for cacheable `GET`s, status mapping and decoding with field paths. Every error it
/// throws is an `APIError`; cancelling the calling task ends the call with `.cancelled`.
///
/// ```swift
/// let api = APIClient(
///   transport: InProcessTransport(handler: backend.handler),
///   sessionStore: SessionStore(directory: dataFolder, fileName: "fan-session.json"),
///   cache: CacheManager(directory: dataFolder.appendingPathComponent("cache")))
/// let profile = try await api.send(Endpoint<Profile>(.get, APIPaths.profile))
/// ```
public struct APIClient: Sendable {
  /// Timeouts and retries.
  public struct Configuration: Sendable, Equatable {
    /// How long one attempt may take before it fails with `.timeout`.
    public var timeout: Duration
    /// How many times an idempotent call is tried in all (1 = no retry).
    public var maxAttempts: Int
    /// The wait before the first retry; each later one doubles it.
    public var initialBackoff: Duration
    /// The longest wait between retries.
    public var maxBackoff: Duration

    /// Creates a configuration.
    public init(
      timeout: Duration = .seconds(10), maxAttempts: Int = 3, initialBackoff: Duration = .milliseconds(200),
      maxBackoff: Duration = .seconds(2)
    ) {
      self.timeout = timeout
      self.maxAttempts = max(1, maxAttempts)
      self.initialBackoff = initialBackoff
      self.maxBackoff = maxBackoff
    }

    /// The wait before retry number `retry` (1 for the first retry).
    public func backoff(beforeRetry retry: Int) -> Duration {
      Backoff(first: initialBackoff, max: maxBackoff).wait(afterFailures: retry)
    }
  }

  /// Where requests go.
  public let transport: any Transport
  /// Where the session token lives; `nil` sends no `authorization` header.
  public let sessionStore: SessionStore?
  /// The response cache for cacheable `GET`s; `nil` never caches.
  public let cache: CacheManager?
  /// Timeouts and retries.
  public let configuration: Configuration
  /// Fed by every `401` to a call made with the session: the apps sign out when it fires.
  public let sessionEnded = SessionEndedSignal()
  private let clock: any Clock<Duration>
  private let backoffSleep: @Sendable (Duration) async throws -> Void
  private let logger: Logger

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - clock: Times each attempt's timeout.
  ///   - backoffSleep: Waits between retries; defaults to sleeping on `clock`. Tests pass one that
  ///     records the waits and returns at once.
  public init(
    transport: any Transport, sessionStore: SessionStore? = nil, cache: CacheManager? = nil,
    configuration: Configuration = Configuration(), clock: any Clock<Duration> = ContinuousClock(),
    backoffSleep: (@Sendable (Duration) async throws -> Void)? = nil,
    logger: Logger = Logger(label: "api")
  ) {
    self.transport = transport
    self.sessionStore = sessionStore
    self.cache = cache
    self.configuration = configuration
    self.clock = clock
    self.backoffSleep = backoffSleep ?? { [clock] in try await clock.sleep(for: $0) }
    self.logger = logger
  }

  /// Sends `endpoint` and decodes its answer; throws only `APIError`.
  public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
    do {
      return try await perform(endpoint)
    } catch {
      let apiError = Task.isCancelled ? APIError.cancelled : APIError(error)
      throw apiError
    }
  }

  /// The session token's identity in cache keys: stable, not the token itself.
  func identity(of token: String?) -> String {
    token.map { "s" + String(stableHash($0), radix: 16) } ?? "anonymous"
  }

  /// The cache key of a `GET`: who asks, which path, which query (sorted).
  func cacheKey(path: String, query: [String: String], token: String?) -> String {
    let queryText = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    return "\(identity(of: token)) GET \(path)?\(queryText)"
  }

  private func perform<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
    let request = try makeRequest(endpoint)
    let token = endpoint.requiresSession ? sessionStore?.token() : nil
    let key = endpoint.isCacheable ? cacheKey(path: endpoint.path, query: endpoint.query, token: token) : nil
    if let key, let cache, let cached = await cache.data(forKey: key) {
      if let value = try? decode(Response.self, from: cached) { return value }
      await cache.removeValues { $0 == key }
    }
    let response = try await sendWithRetries(request, idempotent: endpoint.isIdempotent)
    try Task.checkCancellation()
    guard (200..<300).contains(response.status) else {
      let error = Self.error(for: response)
      if case .unauthorized(let reason) = error, endpoint.requiresSession { sessionEnded.send(reason) }
      throw error
    }
    let value = try decode(Response.self, from: response.body)
    if let cache {
      if !endpoint.invalidates.isEmpty {
        let prefixes = endpoint.invalidates
        await cache.removeValues { key in
          guard let path = Self.path(ofCacheKey: key) else { return false }
          return prefixes.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
      }
      if let key, let ttl = endpoint.cacheTTL { await cache.store(response.body, forKey: key, ttl: ttl) }
    }
    return value
  }

  private func makeRequest<Response>(_ endpoint: Endpoint<Response>) throws -> WireRequest {
    var request = WireRequest(
      method: endpoint.method.rawValue, path: endpoint.path, query: endpoint.query, headers: endpoint.headers)
    if let body = endpoint.body {
      do {
        request.body = try WireJSON.encode(body)
      } catch {
        throw APIError.server(
          status: 0, message: "The request to \(endpoint.path) could not be encoded: \(error)")
      }
      request.headers[APIHeaders.contentType] = APIHeaders.json
    }
    if endpoint.requiresSession, let token = sessionStore?.token() {
      request.headers[APIHeaders.authorization] = APIHeaders.bearer(token)
    }
    return request
  }

  private func sendWithRetries(_ request: WireRequest, idempotent: Bool) async throws -> WireResponse {
    var attempt = 1
    while true {
      let failure: APIError
      do {
        let response = try await sendOnce(request)
        guard response.status >= 500, idempotent, attempt < configuration.maxAttempts else { return response }
        failure = Self.error(for: response)
      } catch {
        let apiError = Task.isCancelled ? APIError.cancelled : APIError(error)
        guard apiError.isTransient, idempotent, attempt < configuration.maxAttempts else { throw apiError }
        failure = apiError
      }
      let wait = configuration.backoff(beforeRetry: attempt)
      logger.debug("\(request.method) \(request.path) failed (\(failure.message)); retrying in \(wait)")
      do { try await backoffSleep(wait) } catch { throw APIError.cancelled }
      try Task.checkCancellation()
      attempt += 1
    }
  }

  /// One attempt, raced against the timeout; returns at once when the caller is cancelled.
  private func sendOnce(_ request: WireRequest) async throws -> WireResponse {
    let transport = transport
    let clock = clock
    let timeout = configuration.timeout
    return try await race(
      { try await transport.send(request) },
      deadline: { try await clock.sleep(for: timeout) },
      onDeadline: APIError.timeout, onCancel: APIError.cancelled)
  }

  private func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    if let none = NoContent() as? T { return none }
    do {
      return try WireJSON.decode(type, from: data)
    } catch {
      throw APIError.decoding(error.message)
    }
  }

  /// The error for a response with a failure status.
  static func error(for response: WireResponse) -> APIError {
    let body = try? WireJSON.decode(APIErrorBody.self, from: response.body)
    switch response.status {
    case 401:
      return .unauthorized(body?.message ?? "")
    case 400..<500:
      return .rejected(
        code: body?.code ?? "http_\(response.status)",
        message: body?.message ?? "The server refused the request (status \(response.status)).")
    default:
      return .server(status: response.status, message: body?.message ?? "no explanation was given")
    }
  }

  /// The path part of a key made by ``cacheKey(path:query:token:)``.
  static func path(ofCacheKey key: String) -> String? {
    guard let range = key.range(of: " GET ") else { return nil }
    let rest = key[range.upperBound...]
    return String(rest.prefix { $0 != "?" })
  }
}
