import AuthDataModels
import Dependencies

/// Accounts and sessions: check a username, sign up, sign in, sign out, restore the last session.
///
/// Every endpoint throws `APIError` (CommonDataModels). Features read it with
/// `@Dependency(\.authClient.checkExistAccount) var checkExistAccount`; the apps inject the live
/// value, `AuthClient.live(_:)` from `AuthClientLive`.
public struct AuthClient: Sendable {
  /// Whether an account with this username exists (`POST /v1/auth/check-account`).
  public var checkExistAccount: @Sendable (_ username: String) async throws -> Bool
  /// Creates an account and signs in; the session is stored for ``restoreSession``.
  public var signUp: @Sendable (_ request: SignUpRequest) async throws -> Session
  /// Signs in; the session is stored for ``restoreSession``.
  public var signIn: @Sendable (_ username: String, _ password: String) async throws -> Session
  /// Signs out: revokes the session on the server if it can and always forgets it locally.
  public var signOut: @Sendable () async throws -> Void
  /// The stored session if the server still accepts it; `nil` when none, expired or unreadable.
  public var restoreSession: @Sendable () async throws -> Session?

  /// Creates a client from its endpoints.
  public init(
    checkExistAccount: @escaping @Sendable (_ username: String) async throws -> Bool,
    signUp: @escaping @Sendable (_ request: SignUpRequest) async throws -> Session,
    signIn: @escaping @Sendable (_ username: String, _ password: String) async throws -> Session,
    signOut: @escaping @Sendable () async throws -> Void,
    restoreSession: @escaping @Sendable () async throws -> Session?
  ) {
    self.checkExistAccount = checkExistAccount
    self.signUp = signUp
    self.signIn = signIn
    self.signOut = signOut
    self.restoreSession = restoreSession
  }
}

extension AuthClient: TestDependencyKey {
  /// Every endpoint fails the test, naming itself (`AuthClient.signIn`), until a test overrides it.
  public static var testValue: AuthClient {
    AuthClient(
      checkExistAccount: unimplemented("AuthClient.checkExistAccount"),
      signUp: unimplemented("AuthClient.signUp"),
      signIn: unimplemented("AuthClient.signIn"),
      signOut: unimplemented("AuthClient.signOut"),
      restoreSession: unimplemented("AuthClient.restoreSession")
    )
  }

  /// An in-memory world with the demo accounts (password `fromm-demo-1`).
  public static var previewValue: AuthClient { .preview() }
}

extension DependencyValues {
  /// Accounts and sessions.
  public var authClient: AuthClient {
    get { self[AuthClient.self] }
    set { self[AuthClient.self] = newValue }
  }
}
