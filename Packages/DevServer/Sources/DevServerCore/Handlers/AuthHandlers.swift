import AuthDataModels
import CommonDataModels
import CommonKit
import Foundation

extension BackendCore {
  func checkAccount(_ request: RouteRequest) throws -> WireResponse {
    let body = try request.decodeBody(CheckAccountRequest.self)
    try Self.requireValidUsername(body.username)
    try admitLookup(request)
    return try .json(
      CheckAccountResponse(username: body.username, exists: store.account(username: body.username) != nil))
  }

  func signUp(_ request: RouteRequest) throws -> WireResponse {
    let body = try request.decodeBody(SignUpRequest.self)
    try Self.requireValidUsername(body.username)
    try Self.requireNoControlCharacters(body.password, field: "password", code: .invalidPassword)
    if let problem = AccountRules.validatePassword(body.password).problem {
      throw ServerError(.invalidPassword, "field 'password': \(problem.message)")
    }
    let displayName = try validDisplayName(body.displayName ?? body.username, of: nil)
    try admitLookup(request)
    if try store.account(username: body.username) != nil { throw Self.usernameTaken(body.username) }
    let hash = try hashGate.run { try hasher.hash(body.password) }
    let token = SessionToken.make()
    let now = now()
    let expiresAt = now.addingTimeInterval(sessionLifetime)
    guard
      let account = try store.createAccount(
        username: body.username, passwordHash: hash, role: body.role, displayName: displayName, token: token,
        now: now, expiresAt: expiresAt)
    else { throw Self.usernameTaken(body.username) }
    return try .json(Session(token: token, expiresAt: expiresAt, account: account.publicAccount), status: 201)
  }

  func signIn(_ request: RouteRequest) throws -> WireResponse {
    let body = try request.decodeBody(SignInRequest.self)
    try Self.requireNoControlCharacters(body.username, field: "username", code: .invalidUsername)
    try Self.requireNoControlCharacters(body.password, field: "password", code: .invalidPassword)
    let address = request.clientAddress
    if let wait = throttle.reserveSignIn(username: body.username, address: address) {
      throw Self.tooManyAttempts(wait, "Too many wrong passwords from this address.")
    }
    let account = try store.account(username: body.username)
    let matches = hashGate.run { hasher.verify(body.password, against: account?.passwordHash ?? decoyHash) }
    guard let account, matches else {
      throw ServerError(.invalidCredentials, "The username or password is wrong.")
    }
    throttle.signInSucceeded(username: body.username, address: address)
    let token = SessionToken.make()
    let now = now()
    let expiresAt = now.addingTimeInterval(sessionLifetime)
    try store.createSession(token: token, accountID: account.id, now: now, expiresAt: expiresAt)
    storage.wrote()
    try purgeExpiredIfDue(now: now)
    return try .json(Session(token: token, expiresAt: expiresAt, account: account.publicAccount))
  }

  func signOut(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    try store.revokeSession(token: caller.token, now: now())
    sessions.forget(token: caller.token)
    return WireResponse(status: 204)
  }

  func currentSession(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    return try .json(
      Session(token: caller.token, expiresAt: caller.expiresAt, account: caller.account.publicAccount))
  }

  /// Deletes ended sessions and forgets old idempotency keys at most once per
  /// ``sessionPurgeInterval`` (on a sign-in or a post), so neither grows without bound.
  func purgeExpiredIfDue(now: Date) throws {
    let due = lastSessionPurge.withLock { last in
      guard now.timeIntervalSince(last) >= Self.sessionPurgeInterval else { return false }
      last = now
      return true
    }
    if due { try store.purgeExpired(now: now) }
  }

  /// Answers 429 when this address has used up its account checks and sign-ups for the minute.
  private func admitLookup(_ request: RouteRequest) throws {
    if let wait = throttle.admitLookup(address: request.clientAddress) {
      throw Self.tooManyAttempts(wait, "Too many account checks or sign-ups from this address.")
    }
  }

  static func tooManyAttempts(_ wait: TimeInterval, _ reason: String) -> ServerError {
    let seconds = Int(wait.rounded(.up))
    return ServerError(
      .tooManyRequests, "\(reason) Try again in \(seconds) second\(seconds == 1 ? "" : "s").",
      headers: ["retry-after": String(seconds)])
  }

  /// Refuses text holding a control character (a NUL would cut a password short in libcrypt).
  static func requireNoControlCharacters(
    _ text: String, field: String, code: APIErrorCode, allowing allowed: Set<Unicode.Scalar> = []
  ) throws {
    if let scalar = text.firstControlCharacter(allowing: allowed) {
      throw ServerError(
        code, "field '\(field)': contains the control character \(scalar.codePointName); remove it.")
    }
  }

  static func requireValidUsername(_ username: String) throws {
    if let problem = AccountRules.validateUsername(username).problem {
      throw ServerError(.invalidUsername, "field 'username': \(problem.message)")
    }
  }

  static func usernameTaken(_ username: String) -> ServerError {
    ServerError(.usernameTaken, "The username '\(username)' is taken; choose another.")
  }
}

extension AccountRecord {
  var publicAccount: Account {
    Account(id: id, username: username, role: role, displayName: displayName)
  }
}
