import CommonDataModels
import CommonKit
import Foundation

/// Everything a handler needs: the store, the hasher, the clock. Transport-free and synchronous.
final class BackendCore: Sendable {
  let store: Store
  let hasher: PasswordHasher
  let sessionLifetime: TimeInterval
  let now: @Sendable () -> Date
  let logger: Logger
  /// A real hash of a random password: sign-in with an unknown username verifies against it, so
  /// both failures take the same time.
  let decoyHash: String
  let router: Router

  init(
    store: Store, hasher: PasswordHasher, sessionLifetime: TimeInterval, now: @escaping @Sendable () -> Date,
    logger: Logger
  ) throws {
    self.store = store
    self.hasher = hasher
    self.sessionLifetime = sessionLifetime
    self.now = now
    self.logger = logger
    self.decoyHash = try hasher.hash(SessionToken.make())
    self.router = Router(routes: Self.routes)
  }

  static let maxBodyBytes = 64 * 1024

  func handle(_ request: WireRequest) -> WireResponse {
    do {
      if request.body.count > Self.maxBodyBytes {
        throw APIError(
          .payloadTooLarge,
          "The body is \(request.body.count) bytes; the limit is \(Self.maxBodyBytes) bytes (64 KiB).")
      }
      switch router.match(method: request.method, path: request.path) {
      case .found(let route, let parameters):
        return try route.action(self, RouteRequest(wire: request, parameters: parameters))
      case .methodNotAllowed(let allowed):
        throw APIError(
          .methodNotAllowed,
          "\(request.method.prefix(20)) is not allowed on \(request.path.prefix(200)); use \(allowed.joined(separator: " or ")).",
          headers: ["allow": allowed.joined(separator: ", ")])
      case .notFound:
        throw APIError(
          .notFound, "There is no endpoint at \(request.path.prefix(200)); see openapi.json for the API.")
      }
    } catch let error as APIError {
      return .error(error)
    } catch {
      logger.error("\(request.method) \(request.path) failed: \(error)")
      return .error(
        APIError(
          .internalError, "The server could not complete the request (\(error)). Try again in a moment."))
    }
  }

  /// The caller's account, or 401 when the token is missing, unknown, expired or revoked.
  func authenticate(
    _ request: RouteRequest
  ) throws -> (account: AccountRecord, token: String, expiresAt: Date) {
    guard let token = SessionToken.fromAuthorizationHeader(request.wire.headers[APIHeaders.authorization]),
      let session = try store.session(token: token, now: now())
    else { throw APIError.unauthorized }
    return (session.account, token, session.expiresAt)
  }

  static let routes: [Route] = [
    Route(method: "GET", pattern: "/v1/health") { _, _ in try .json(["status": "ok"]) },
    Route(method: "POST", pattern: "/v1/auth/check-account") { try $0.checkAccount($1) },
    Route(method: "POST", pattern: "/v1/auth/sign-up") { try $0.signUp($1) },
    Route(method: "POST", pattern: "/v1/auth/sign-in") { try $0.signIn($1) },
    Route(method: "POST", pattern: "/v1/auth/sign-out") { try $0.signOut($1) },
    Route(method: "GET", pattern: "/v1/auth/session") { try $0.currentSession($1) },
    Route(method: "GET", pattern: "/v1/artists") { try $0.listArtists($1) },
    Route(method: "GET", pattern: "/v1/artists/{artistId}") { try $0.showArtist($1) },
    Route(method: "PUT", pattern: "/v1/artists/{artistId}/subscription") {
      try $0.subscribe($1, subscribed: true)
    },
    Route(method: "DELETE", pattern: "/v1/artists/{artistId}/subscription") {
      try $0.subscribe($1, subscribed: false)
    },
    Route(method: "GET", pattern: "/v1/rooms/{artistId}/messages") { try $0.listMessages($1) },
    Route(method: "POST", pattern: "/v1/rooms/{artistId}/messages") { try $0.sendMessage($1) },
    Route(method: "GET", pattern: "/v1/profile") { try $0.showProfile($1) },
    Route(method: "PATCH", pattern: "/v1/profile") { try $0.updateProfile($1) },
  ]
}
