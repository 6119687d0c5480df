import AuthClient
import AuthDataModels
import CommonDataModels
import NetworkProvider

extension AuthClient {
  /// The client that talks to the API through `api`, keeping the session in `api.sessionStore`
  /// (under the account's username, for a store that keeps one file per account).
  ///
  /// Sign-in and sign-up store the new token; sign-out forgets it (and the cache) even when the
  /// server cannot be told; ``restoreSession`` asks `GET /v1/auth/session` whether the stored
  /// token still works and forgets it on 401.
  ///
  /// ```swift
  /// withDependencies { $0.authClient = .live(api) } operation: { … }
  /// ```
  public static func live(_ api: APIClient) -> AuthClient {
    @Sendable func startSession(_ session: Session) async -> Session {
      await api.cache?.removeAll()
      api.sessionStore?.save(token: session.token, account: session.account.username)
      return session
    }
    return AuthClient(
      checkExistAccount: { username in
        // A read-only question, so safe to retry although it is a POST.
        let endpoint = Endpoint<CheckAccountResponse>(
          .post, APIPaths.checkAccount, body: CheckAccountRequest(username: username), requiresSession: false,
          isIdempotent: true, invalidates: [])
        return try await api.send(endpoint).exists
      },
      signUp: { request in
        let endpoint = Endpoint<Session>(.post, APIPaths.signUp, body: request, requiresSession: false)
        return await startSession(try await api.send(endpoint))
      },
      signIn: { username, password in
        let endpoint = Endpoint<Session>(
          .post, APIPaths.signIn, body: SignInRequest(username: username, password: password),
          requiresSession: false)
        return await startSession(try await api.send(endpoint))
      },
      signOut: {
        if api.sessionStore?.token() != nil {
          do {
            _ = try await api.send(Endpoint<NoContent>(.post, APIPaths.signOut))
          } catch {
            // Signing out must work offline: the token is forgotten here whatever the server
            // says, and it expires on the server by itself.
          }
        }
        api.sessionStore?.clear()
        await api.cache?.removeAll()
      },
      restoreSession: {
        guard api.sessionStore?.token() != nil else { return nil }
        do {
          return try await api.send(Endpoint<Session>(.get, APIPaths.session))
        } catch APIError.unauthorized {
          api.sessionStore?.clear()
          await api.cache?.removeAll()
          return nil
        }
      },
      sessionEnded: { api.sessionEnded.stream() }
    )
  }
}
