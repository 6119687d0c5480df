import AuthDataModels
import CommonDataModels
import Dependencies
import Foundation

extension AuthClient {
  /// The password of every preview account, as on the dev backend's demo accounts.
  public static let previewPassword = "fromm-demo-1"

  /// The preview accounts: the dev backend's demo artists and fans.
  public static let previewAccounts: [Account] = [
    Account(id: 1, username: "iu_official", role: .artist, displayName: "IU"),
    Account(id: 2, username: "taeyeon", role: .artist, displayName: "TAEYEON"),
    Account(id: 3, username: "akmu", role: .artist, displayName: "AKMU"),
    Account(id: 4, username: "demo_fan", role: .fan, displayName: "Demo Fan"),
    Account(id: 5, username: "minji_fan", role: .fan, displayName: "Minji"),
  ]

  /// An in-memory client: the ``previewAccounts`` accept ``previewPassword``; sign-up adds an
  /// account; each call takes `latency` on `@Dependency(\.continuousClock)`, so a spinner shows.
  ///
  /// - Parameters:
  ///   - accounts: The accounts that exist at first.
  ///   - signedIn: The account ``restoreSession`` returns until someone signs out.
  ///   - latency: How long each call pretends to travel.
  public static func preview(
    accounts: [Account] = previewAccounts, signedIn: Account? = nil, latency: Duration = .milliseconds(300)
  ) -> AuthClient {
    let world = LockIsolated(
      PreviewAuthWorld(accounts: accounts, session: signedIn.map(previewSession(for:))))
    @Sendable func travel() async throws {
      @Dependency(\.continuousClock) var clock
      // Zero latency means no wait: a test clock holds even a zero sleep until it is advanced.
      if latency > .zero { try await clock.sleep(for: latency) }
    }
    return AuthClient(
      checkExistAccount: { username in
        try await travel()
        return world.accounts.contains { $0.username == username }
      },
      signUp: { request in
        try await travel()
        return try world.withValue { state in
          guard !state.accounts.contains(where: { $0.username == request.username }) else {
            throw APIError.rejected(
              code: "username_taken", message: "That username is taken; choose another.")
          }
          let id = AccountID((state.accounts.map(\.id.rawValue).max() ?? 0) + 1)
          let account = Account(
            id: id, username: request.username, role: request.role,
            displayName: request.displayName ?? request.username)
          state.accounts.append(account)
          state.passwords[request.username] = request.password
          let session = previewSession(for: account)
          state.session = session
          return session
        }
      },
      signIn: { username, password in
        try await travel()
        return try world.withValue { state in
          guard let account = state.accounts.first(where: { $0.username == username }),
            (state.passwords[username] ?? previewPassword) == password
          else {
            throw APIError.unauthorized("Wrong username or password.")
          }
          let session = previewSession(for: account)
          state.session = session
          return session
        }
      },
      signOut: {
        try await travel()
        world.withValue { $0.session = nil }
      },
      restoreSession: {
        try await travel()
        return world.session
      },
      // The preview never ends a session: the stream finishes without a reason.
      sessionEnded: { AsyncStream { _ in } }
    )
  }

  /// A believable session for `account` that expires in 30 days.
  static func previewSession(for account: Account) -> Session {
    Session(
      token: "preview-token-\(account.username)",
      expiresAt: Date(timeIntervalSinceNow: 30 * 24 * 3600),
      account: account)
  }
}

/// The preview's mutable world, shared by the closures of one preview client.
private struct PreviewAuthWorld: Sendable {
  var accounts: [Account]
  var passwords: [String: String] = [:]
  var session: Session?
}
