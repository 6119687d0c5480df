import AuthClient
import AuthDataModels
import CommonDataModels
import Foundation
import NetworkProvider
import Testing

@Suite struct AuthContractTests {
  @Test func checkExistAccount_answersForDemoAndUnknownNames() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let auth = backend.app("fan").auth
    #expect(try await auth.checkExistAccount("iu_official"))
    #expect(try await auth.checkExistAccount("no_such_user") == false)
    await #expect(throws: APIError.self) { try await auth.checkExistAccount("x") }
  }

  @Test func signIn_thenRestore_thenSignOut_roundTrips() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let app = backend.app("fan")
    let session = try await app.auth.signIn("demo_fan", demoPassword)
    #expect(session.account.role == .fan)
    #expect(app.store.token() == session.token)
    // A new launch: a fresh client over the same files.
    let relaunched = backend.app("fan")
    let restored = try await relaunched.auth.restoreSession()
    #expect(restored?.account == session.account)
    try await relaunched.auth.signOut()
    #expect(try await relaunched.auth.restoreSession() == nil)
    // The server revoked the token, so the first app's copy no longer works either.
    await #expect(throws: APIError.self) { try await app.artists.artists() }
  }

  @Test func signIn_wrongPassword_isUnauthorizedWithTheServersMessage() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    do {
      _ = try await backend.app("fan").auth.signIn("demo_fan", "wrong-password")
      Issue.record("signed in with a wrong password")
    } catch let error as APIError {
      guard case .unauthorized(let message) = error else {
        Issue.record("expected unauthorized, got \(error)")
        return
      }
      #expect(!message.isEmpty)
    }
  }

  @Test func restoreSession_revokedToken_clearsItAndReturnsNil() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let app = backend.app("arti")
    app.store.save(token: String(repeating: "ab", count: 32))
    #expect(try await app.auth.restoreSession() == nil)
    #expect(app.store.token() == nil)
  }

  @Test func signUp_createsTheAccountAndRefusesItsNameTwice() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    let auth = backend.app("fan").auth
    let request = SignUpRequest(
      username: "new_fan", password: "long-enough-pw", role: .fan, displayName: "Newbie")
    let session = try await auth.signUp(request)
    #expect(session.account.username == "new_fan" && session.account.displayName == "Newbie")
    #expect(try await auth.checkExistAccount("new_fan"))
    await #expect(throws: APIError.self) { try await auth.signUp(request) }
    do {
      _ = try await auth.signUp(request)
    } catch let APIError.rejected(code, message) {
      #expect(code == "username_taken")
      #expect(!message.isEmpty)
    }
  }

  @Test func signUp_invalidUsername_isRejectedNamingTheField() async throws {
    let backend = try Backend()
    defer { backend.remove() }
    do {
      _ = try await backend.app("fan").auth.signUp(
        SignUpRequest(username: "A!", password: "long-enough-pw", role: .fan))
      Issue.record("signed up with an invalid name")
    } catch let APIError.rejected(code, message) {
      #expect(code == "invalid_username")
      #expect(message.contains("username"))
    }
  }
}
