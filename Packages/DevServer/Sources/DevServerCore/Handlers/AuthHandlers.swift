import AuthDataModels
import CommonDataModels
import CommonKit
import Foundation

extension BackendCore {
  func checkAccount(_ request: RouteRequest) throws -> WireResponse {
    let body = try request.decodeBody(CheckAccountRequest.self)
    try Self.requireValidUsername(body.username)
    return try .json(
      CheckAccountResponse(username: body.username, exists: store.accountExists(username: body.username)))
  }

  func signUp(_ request: RouteRequest) throws -> WireResponse {
    let body = try request.decodeBody(SignUpRequest.self)
    try Self.requireValidUsername(body.username)
    if let problem = AccountRules.validatePassword(body.password).problem {
      throw APIError(.invalidPassword, "field 'password': \(problem.message)")
    }
    let displayName = body.displayName ?? body.username
    if let problem = AccountRules.validateDisplayName(displayName).problem {
      throw APIError(.invalidProfile, "field 'displayName': \(problem.message)")
    }
    if try store.accountExists(username: body.username) { throw Self.usernameTaken(body.username) }
    let hash = try hasher.hash(body.password)
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
    let account = try store.account(username: body.username)
    let matches = hasher.verify(body.password, against: account?.passwordHash ?? decoyHash)
    guard let account, matches else {
      throw APIError(.invalidCredentials, "The username or password is wrong.")
    }
    let token = SessionToken.make()
    let now = now()
    let expiresAt = now.addingTimeInterval(sessionLifetime)
    try store.createSession(token: token, accountID: account.id, now: now, expiresAt: expiresAt)
    return try .json(Session(token: token, expiresAt: expiresAt, account: account.publicAccount))
  }

  func signOut(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    try store.revokeSession(token: caller.token, now: now())
    return WireResponse(status: 204)
  }

  func currentSession(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    return try .json(
      Session(token: caller.token, expiresAt: caller.expiresAt, account: caller.account.publicAccount))
  }

  static func requireValidUsername(_ username: String) throws {
    if let problem = AccountRules.validateUsername(username).problem {
      throw APIError(.invalidUsername, "field 'username': \(problem.message)")
    }
  }

  static func usernameTaken(_ username: String) -> APIError {
    APIError(.usernameTaken, "The username '\(username)' is taken; choose another.")
  }
}

extension AccountRecord {
  var publicAccount: Account {
    Account(id: id, username: username, role: role, displayName: displayName)
  }
}
