import AuthClient
import AuthClientLive
import AuthDataModels
import CommonDataModels
import Foundation
import NetworkProvider
import Testing

@Suite struct AuthClientLiveTests {
  @Test func checkExistAccount_postsTheUsernameWithoutSession() async throws {
    let harness = Harness([json(200, #"{"exists":true,"username":"iu_official"}"#)])
    defer { harness.remove() }
    #expect(try await AuthClient.live(harness.api).checkExistAccount("iu_official"))
    #expect(
      harness.transport.requests == [
        WireRequest(
          method: "POST", path: "/v1/auth/check-account", headers: jsonBody,
          body: Data(#"{"username":"iu_official"}"#.utf8))
      ])
  }

  @Test func signIn_postsCredentialsAndStoresTheToken() async throws {
    let harness = Harness([json(200, sessionJSON)], token: nil)
    defer { harness.remove() }
    let session = try await AuthClient.live(harness.api).signIn("demo_fan", "fromm-demo-1")
    #expect(session.token == "new-token" && session.account.username == "demo_fan")
    let request = harness.transport.requests.first
    #expect(request?.method == "POST" && request?.path == "/v1/auth/sign-in")
    #expect(request?.headers == jsonBody)
    #expect(body(request) == #"{"password":"fromm-demo-1","username":"demo_fan"}"#)
    #expect(harness.store.token() == "new-token")
    #expect(SessionStore(directory: harness.folder, fileName: "session.json").token() == "new-token")
  }

  @Test func signIn_perAccountStore_keepsTheTokenUnderTheSignedInUsername() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "client-live-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = SessionStore(accountsIn: folder, restoring: nil)
    let api = APIClient(
      transport: RecordingTransport([json(200, sessionJSON)]), sessionStore: store,
      cache: CacheManager(directory: nil))
    _ = try await AuthClient.live(api).signIn("demo_fan", "fromm-demo-1")
    #expect(store.account == "demo_fan")
    #expect(SessionStore(accountsIn: folder, restoring: "demo_fan").token() == "new-token")
    #expect(SessionStore(accountsIn: folder, restoring: nil).token() == nil)
  }

  @Test func signIn_wrongPassword_throwsUnauthorizedAndStoresNothing() async throws {
    let harness = Harness(
      [json(401, #"{"code":"invalid_credentials","message":"Wrong username or password."}"#)], token: nil)
    defer { harness.remove() }
    await #expect(throws: APIError.unauthorized("Wrong username or password.")) {
      try await AuthClient.live(harness.api).signIn("demo_fan", "nope-nope")
    }
    #expect(harness.store.token() == nil)
  }

  @Test func signUp_postsTheRequestAndStoresTheToken() async throws {
    let harness = Harness([json(201, sessionJSON)], token: nil)
    defer { harness.remove() }
    let request = SignUpRequest(username: "new_fan", password: "secret-pass", role: .fan, displayName: "New")
    _ = try await AuthClient.live(harness.api).signUp(request)
    let sent = harness.transport.requests.first
    #expect(sent?.path == "/v1/auth/sign-up" && sent?.method == "POST" && sent?.headers == jsonBody)
    #expect(
      body(sent) == #"{"displayName":"New","password":"secret-pass","role":"fan","username":"new_fan"}"#)
    #expect(harness.store.token() == "new-token")
  }

  @Test func signUp_takenName_throwsRejectedWithTheServersMessage() async throws {
    let harness = Harness([json(409, #"{"code":"username_taken","message":"That username is taken."}"#)])
    defer { harness.remove() }
    await #expect(throws: APIError.rejected(code: "username_taken", message: "That username is taken.")) {
      try await AuthClient.live(harness.api).signUp(
        SignUpRequest(username: "akmu", password: "12345678", role: .fan))
    }
  }

  @Test func signOut_revokesWithTheBearerAndForgetsTheToken() async throws {
    let harness = Harness([.respond(WireResponse(status: 204))])
    defer { harness.remove() }
    try await AuthClient.live(harness.api).signOut()
    #expect(
      harness.transport.requests == [WireRequest(method: "POST", path: "/v1/auth/sign-out", headers: bearer)])
    #expect(harness.store.token() == nil)
    #expect(
      !FileManager.default.fileExists(atPath: harness.folder.appendingPathComponent("session.json").path))
  }

  @Test func signOut_serverUnreachable_stillForgetsTheToken() async throws {
    let harness = Harness([.fail(.unreachable("http://127.0.0.1:9"))])
    defer { harness.remove() }
    try await AuthClient.live(harness.api).signOut()
    #expect(harness.store.token() == nil)
  }

  @Test func signOut_withoutSession_sendsNothing() async throws {
    let harness = Harness(token: nil)
    defer { harness.remove() }
    try await AuthClient.live(harness.api).signOut()
    #expect(harness.transport.requests.isEmpty)
  }

  @Test func restoreSession_withoutToken_isNilWithoutARequest() async throws {
    let harness = Harness(token: nil)
    defer { harness.remove() }
    #expect(try await AuthClient.live(harness.api).restoreSession() == nil)
    #expect(harness.transport.requests.isEmpty)
  }

  @Test func restoreSession_validToken_returnsTheServersSession() async throws {
    let harness = Harness([json(200, sessionJSON)])
    defer { harness.remove() }
    let session = try await AuthClient.live(harness.api).restoreSession()
    #expect(session?.account.username == "demo_fan")
    #expect(
      harness.transport.requests == [WireRequest(method: "GET", path: "/v1/auth/session", headers: bearer)])
  }

  @Test func restoreSession_expiredToken_clearsItAndReturnsNil() async throws {
    let harness = Harness([json(401, #"{"code":"unauthorized","message":"Sign in again."}"#)])
    defer { harness.remove() }
    #expect(try await AuthClient.live(harness.api).restoreSession() == nil)
    #expect(harness.store.token() == nil)
  }

  @Test func restoreSession_serverUnreachable_throwsAndKeepsTheToken() async throws {
    let harness = Harness([.fail(.unreachable("http://127.0.0.1:9"))])
    defer { harness.remove() }
    await #expect(throws: APIError.unreachable("http://127.0.0.1:9")) {
      try await AuthClient.live(harness.api).restoreSession()
    }
    #expect(harness.store.token() == "tok")
  }
}
