import CommonDataModels
import CommonKit
import Foundation
import SQLiteStore
import Synchronization

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
  let throttle: SignInThrottle
  let hashGate: HashGate
  /// When ended sessions were last deleted; they are purged at most once per ``sessionPurgeInterval``.
  let lastSessionPurge = Mutex(Date.distantPast)
  /// Tokens verified in the last two seconds (see ``SessionCache``).
  let sessions = SessionCache()
  /// Long polls waiting for news without holding a thread (see ``answerLongPoll(seconds:later:isReady:respond:)``).
  let heldPolls: HeldPolls
  /// Whether writes succeed, for `GET /v1/health`.
  let storage = StorageHealth()

  static let sessionPurgeInterval: TimeInterval = 3_600

  /// The header through which the HTTP layer passes the client's address (`HTTPServer` sets it
  /// and drops any value the client sent). In-process requests have none.
  static let peerAddressHeader = "x-fromm-peer-address"

  init(
    store: Store, hasher: PasswordHasher, sessionLifetime: TimeInterval, now: @escaping @Sendable () -> Date,
    logger: Logger, throttle: SignInThrottle = SignInThrottle(), hashGate: HashGate = HashGate()
  ) throws {
    self.store = store
    self.hasher = hasher
    self.sessionLifetime = sessionLifetime
    self.now = now
    self.logger = logger
    self.throttle = throttle
    self.hashGate = hashGate
    self.decoyHash = try hasher.hash(SessionToken.make())
    self.router = Router(routes: Self.routes)
    self.heldPolls = HeldPolls(log: store.database.path + "-wal") { [database = store.database] in
      try database.changeCounter()
    }
  }

  static let maxBodyBytes = 64 * 1024

  /// Answers `request`, the calling thread waiting for an answer given later (a post's group
  /// commit, a held long poll).
  func handle(_ request: WireRequest) -> WireResponse {
    let answer = Mutex<WireResponse?>(nil)
    let answered = DispatchSemaphore(value: 0)
    let now = handle(request) { response in
      answer.withLock { $0 = response }
      answered.signal()
    }
    if let now { return now }
    // Bounded: a post is answered once committed, a held poll by its deadline at the latest.
    answered.wait()
    return answer.withLock { $0 } ?? response(for: .failure(MissingAnswer()), to: request)
  }

  /// A waiting thread was woken with no answer: a bug, which the client sees as a 500 and the
  /// log names.
  struct MissingAnswer: Error, CustomStringConvertible {
    var description: String { "the thread waiting for a later answer was woken without one" }
  }

  /// Answers `request` now, or returns `nil` and passes the answer to `later` once it is ready
  /// (a post, after its group commit), usually from another thread.
  func handle(_ request: WireRequest, later: @escaping @Sendable (WireResponse) -> Void) -> WireResponse? {
    do {
      if request.body.count > Self.maxBodyBytes {
        throw ServerError(
          .payloadTooLarge,
          "The body is \(request.body.count) bytes; the limit is \(Self.maxBodyBytes) bytes (64 KiB).")
      }
      switch router.match(method: request.method, path: request.path) {
      case .found(let route, let parameters):
        let outcome: RouteOutcome = { [self] result in
          later((try? result.get()) ?? response(for: result, to: request))
        }
        return try route.action(self, RouteRequest(wire: request, parameters: parameters), outcome)
      case .methodNotAllowed(let allowed):
        throw ServerError(
          .methodNotAllowed,
          "\(request.method.prefix(20)) is not allowed on \(request.path.prefix(200)); use \(allowed.joined(separator: " or ")).",
          headers: ["allow": allowed.joined(separator: ", ")])
      case .notFound:
        throw ServerError(
          .notFound, "There is no endpoint at \(request.path.prefix(200)); see openapi.json for the API.")
      }
    } catch {
      return response(for: .failure(error), to: request)
    }
  }

  /// The answer to `request` for a route's outcome: its response, or its error as a client may
  /// see it (the details of an unexpected one stay in the log).
  private func response(for result: Result<WireResponse, any Error>, to request: WireRequest) -> WireResponse
  {
    switch result {
    case .success(let response):
      return response
    case .failure(let error as ServerError):
      return .error(error)
    case .failure(let error as SQLiteError) where error.isStorageFailure:
      // Nothing was stored; health says so until a write succeeds again.
      logger.error("\(request.method) \(request.path): storage refused a write: \(error)")
      storage.failed(error.isDiskFull ? "full: the disk has no space left" : "not writable: \(error.message)")
      return .error(
        error.isDiskFull
          ? ServerError(
            .insufficientStorage,
            "The server's disk is full, so nothing was stored. Try again once space is freed.")
          : ServerError(
            .serviceUnavailable,
            "The server's storage cannot be written (read-only or failing), so nothing was stored. Try again later."
          ))
    case .failure(let error as SQLiteError) where error.isBusy:
      // Another process (the other app, a second server) held the write lock past the busy
      // timeout. The details stay in the log; the client learns only that it may retry.
      logger.warning("\(request.method) \(request.path): database busy: \(error)")
      return .error(
        ServerError(
          .serviceUnavailable,
          "The server's database is busy with another program's write. Try again in a moment.",
          headers: ["retry-after": "1"]))
    case .failure(let error):
      logger.error("\(request.method) \(request.path) failed: \(error)")
      return .error(
        ServerError(
          .internalError,
          "The server could not complete the request. Try again in a moment; if it keeps failing, the server's log says why."
        ))
    }
  }

  /// The caller's account, or 401 when the token is missing, unknown, expired or revoked.
  func authenticate(
    _ request: RouteRequest
  ) throws -> (account: AccountRecord, token: String, expiresAt: Date) {
    guard let token = SessionToken.fromAuthorizationHeader(request.wire.headers[APIHeaders.authorization])
    else { throw ServerError.unauthorized }
    let now = now()
    if let cached = sessions.lookUp(token, now: now) {
      return (cached.account, token, cached.expiresAt)
    }
    guard let session = try store.session(token: token, now: now) else { throw ServerError.unauthorized }
    sessions.remember(token, account: session.account, expiresAt: session.expiresAt)
    return (session.account, token, session.expiresAt)
  }

  /// What answers each of ``APIRoute/all``; `RoutingTests` checks that every route has an action.
  static let routes: [Route] = [
    Route(.health) { core, _, _ in core.storage.response },
    Route(.checkAccount) { core, request, _ in try core.checkAccount(request) },
    Route(.signUp) { core, request, _ in try core.signUp(request) },
    Route(.signIn) { core, request, _ in try core.signIn(request) },
    Route(.signOut) { core, request, _ in try core.signOut(request) },
    Route(.session) { core, request, _ in try core.currentSession(request) },
    Route(.listArtists) { core, request, _ in try core.listArtists(request) },
    Route(.showArtist) { core, request, _ in try core.showArtist(request) },
    Route(.subscribe) { core, request, _ in try core.subscribe(request, subscribed: true) },
    Route(.unsubscribe) { core, request, _ in try core.subscribe(request, subscribed: false) },
    Route(.listSubscribers) { core, request, _ in try core.listSubscribers(request) },
    Route(.listMessages) { core, request, later in try core.listMessages(request, later: later) },
    Route(.listHistory) { core, request, _ in try core.listHistory(request, searching: false) },
    Route(.searchMessages) { core, request, _ in try core.listHistory(request, searching: true) },
    Route(.sendMessage) { core, request, later in try core.sendMessage(request, later: later) },
    Route(.deleteMessage) { core, request, _ in try core.deleteMessage(request) },
    Route(.listActivity) { core, request, later in try core.listActivity(request, later: later) },
    Route(.showProfile) { core, request, _ in try core.showProfile(request) },
    Route(.updateProfile) { core, request, _ in try core.updateProfile(request) },
  ]
}
