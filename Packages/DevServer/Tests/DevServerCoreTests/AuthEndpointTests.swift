import ArtistDataModels
import AuthDataModels
import CommonDataModels
import Foundation
import SQLiteStore
import Testing

@testable import DevServerCore

@Suite struct AuthEndpointTests {
  @Test func health_withoutToken_returnsOK() throws {
    let backend = try TestBackend()
    let response = backend.send("GET", APIPaths.health)
    #expect(response.status == 200)
    #expect(response.text == #"{"integrity":"ok","status":"ok","storage":"writable"}"#)
  }

  @Test func checkAccount_existingUsername_returnsExistsTrue() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.checkAccount, body: CheckAccountRequest(username: "iu_official"))
    #expect(response.status == 200)
    #expect(
      try response.decoded(CheckAccountResponse.self)
        == CheckAccountResponse(username: "iu_official", exists: true))
  }

  @Test func checkAccount_unknownUsername_returnsExistsFalse() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.checkAccount, body: CheckAccountRequest(username: "nobody_here"))
    #expect(try response.decoded(CheckAccountResponse.self).exists == false)
  }

  @Test(arguments: [
    ("ab", "At least 3 characters."),
    ("abcdefghijklmnopqrstu", "At most 20 characters."),
    ("Upper", "Use only lowercase letters a–z, digits, '.' and '_'."),
    ("with space", "Use only lowercase letters a–z, digits, '.' and '_'."),
  ])
  func checkAccount_invalidUsername_returns400NamingTheRule(username: String, problem: String) throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.checkAccount, body: CheckAccountRequest(username: username))
    #expect(response.status == 400)
    #expect(response.error == APIErrorBody(code: "invalid_username", message: "field 'username': \(problem)"))
  }

  @Test func checkAccount_malformedJSON_returns400() throws {
    let backend = try TestBackend()
    let response = backend.send("POST", APIPaths.checkAccount, json: #"{"username": "#)
    #expect(response.status == 400)
    #expect(response.error == APIErrorBody(code: "malformed_json", message: "body: not valid JSON"))
  }

  @Test func checkAccount_emptyBody_returns400() throws {
    let backend = try TestBackend()
    let response = backend.send("POST", APIPaths.checkAccount)
    #expect(response.status == 400)
    #expect(response.error?.code == "malformed_json")
  }

  @Test func signUp_newFan_returns201AndTheTokenWorks() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signUp, body: SignUpRequest(username: "new.fan_1", password: "longenough", role: .fan))
    #expect(response.status == 201)
    let session = try response.decoded(Session.self)
    #expect(session.account.username == "new.fan_1")
    #expect(session.account.displayName == "new.fan_1")
    #expect(session.account.role == .fan)
    #expect(session.token.count == 64)
    let current = backend.send("GET", APIPaths.session, token: session.token)
    #expect(current.status == 200)
    #expect(try current.decoded(Session.self) == session)
  }

  @Test func signUp_newArtist_appearsInArtistList() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signUp,
      body: SignUpRequest(
        username: "newartist", password: "longenough", role: .artist, displayName: "New Artist"))
    #expect(response.status == 201)
    let fan = try backend.signIn("demo_fan")
    let list = try backend.send("GET", APIPaths.artists, token: fan.token).decoded(ArtistList.self)
    #expect(list.artists.map(\.username).contains("newartist"))
  }

  @Test func signUp_takenUsername_returns409() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signUp, body: SignUpRequest(username: "demo_fan", password: "longenough", role: .fan))
    #expect(response.status == 409)
    #expect(response.error?.code == "username_taken")
    #expect(response.error?.message.contains("demo_fan") == true)
  }

  @Test(arguments: [
    ("short", "field 'password': At least 8 characters."),
    (String(repeating: "x", count: 73), "field 'password': At most 72 bytes."),
    ("", "field 'password': Enter a password."),
  ])
  func signUp_badPassword_returns400InvalidPassword(password: String, message: String) throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signUp, body: SignUpRequest(username: "somefan", password: password, role: .fan))
    #expect(response.status == 400)
    #expect(response.error == APIErrorBody(code: "invalid_password", message: message))
  }

  @Test func signUp_badUsername_returns400InvalidUsername() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signUp, body: SignUpRequest(username: "Bad!", password: "longenough", role: .fan))
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_username")
  }

  @Test func signUp_longDisplayName_returns400InvalidProfile() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signUp,
      body: SignUpRequest(
        username: "somefan", password: "longenough", role: .fan,
        displayName: String(repeating: "n", count: 31)))
    #expect(response.status == 400)
    #expect(
      response.error
        == APIErrorBody(code: "invalid_profile", message: "field 'displayName': At most 30 characters."))
  }

  @Test func signUp_missingRole_returns400NamingRole() throws {
    let backend = try TestBackend()
    let response = backend.send(
      "POST", APIPaths.signUp, json: #"{"username":"somefan","password":"longenough"}"#)
    #expect(response.status == 400)
    #expect(response.error == APIErrorBody(code: "malformed_json", message: "field 'role': is missing"))
  }

  @Test func signUp_unknownRole_returns400ListingRoles() throws {
    let backend = try TestBackend()
    let response = backend.send(
      "POST", APIPaths.signUp, json: #"{"username":"somefan","password":"longenough","role":"admin"}"#)
    #expect(response.status == 400)
    #expect(response.error?.message == "field 'role': expected one of 'fan', 'artist', got 'admin'")
  }

  @Test func signUp_storesAHashNeverThePassword() throws {
    let backend = try TestBackend()
    let password = "very-secret-password-42"
    _ = try backend.send(
      "POST", APIPaths.signUp, body: SignUpRequest(username: "hashme", password: password, role: .fan))
    let stored = try #require(try backend.backend.core.store.account(username: "hashme")).passwordHash
    #expect(stored.hasPrefix("$y$"))
    #expect(!stored.contains(password))
    var fileBytes = Data()
    for name in try FileManager.default.contentsOfDirectory(atPath: backend.directory.path) {
      fileBytes.append(try Data(contentsOf: backend.directory.appendingPathComponent(name)))
    }
    #expect(fileBytes.range(of: Data(password.utf8)) == nil)
  }

  @Test func signIn_demoFan_returnsSession() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signIn, body: SignInRequest(username: "demo_fan", password: DemoData.password))
    #expect(response.status == 200)
    let session = try response.decoded(Session.self)
    #expect(session.account.role == .fan)
    #expect(session.expiresAt == backend.clock.now.addingTimeInterval(3_600))
  }

  @Test func signIn_wrongPassword_returns401() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signIn, body: SignInRequest(username: "demo_fan", password: "wrong-password"))
    #expect(response.status == 401)
    #expect(
      response.error
        == APIErrorBody(code: "invalid_credentials", message: "The username or password is wrong."))
  }

  @Test func signIn_unknownUsername_returns401() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signIn, body: SignInRequest(username: "ghost_user", password: DemoData.password))
    #expect(response.status == 401)
    #expect(response.error?.code == "invalid_credentials")
  }

  @Test func signIn_passwordOfWrongType_returns400NamingField() throws {
    let backend = try TestBackend()
    let response = backend.send(
      "POST", APIPaths.signIn, json: #"{"username":"demo_fan","password":12345678}"#)
    #expect(response.status == 400)
    #expect(response.error?.message == "field 'password': expected a string")
  }

  @Test func signOut_revokesTheToken() throws {
    let backend = try TestBackend()
    let session = try backend.signIn("demo_fan")
    #expect(backend.send("POST", APIPaths.signOut, token: session.token).status == 204)
    #expect(backend.send("GET", APIPaths.session, token: session.token).status == 401)
    #expect(backend.send("POST", APIPaths.signOut, token: session.token).status == 401)
  }

  @Test func signOut_otherSessionsOfTheAccountKeepWorking() throws {
    let backend = try TestBackend()
    let first = try backend.signIn("demo_fan")
    let second = try backend.signIn("demo_fan")
    #expect(backend.send("POST", APIPaths.signOut, token: first.token).status == 204)
    #expect(backend.send("GET", APIPaths.session, token: second.token).status == 200)
  }

  @Test func signOut_withoutToken_returns401() throws {
    let backend = try TestBackend()
    let response = backend.send("POST", APIPaths.signOut)
    #expect(response.status == 401)
    #expect(response.error?.code == "unauthorized")
  }

  @Test func session_afterExpiry_returns401() throws {
    let backend = try TestBackend()
    let session = try backend.signIn("demo_fan")
    backend.advance(seconds: 3_599)
    #expect(backend.send("GET", APIPaths.session, token: session.token).status == 200)
    backend.advance(seconds: 2)
    #expect(backend.send("GET", APIPaths.session, token: session.token).status == 401)
  }

  @Test(arguments: [
    "Bearer", "Basic abc", "Bearer not-a-token", "Bearer " + String(repeating: "a", count: 64),
  ])
  func session_badAuthorizationHeader_returns401(header: String) throws {
    let backend = try TestBackend()
    let response = backend.backend.handle(
      WireRequest(method: "GET", path: APIPaths.session, headers: ["authorization": header]))
    #expect(response.status == 401)
    #expect(response.error?.code == "unauthorized")
  }
}

@Suite struct SessionStorageTests {
  @Test func tokens_areStoredOnlyAsSHA256Digests() throws {
    let backend = try TestBackend()
    let session = try backend.signIn("demo_fan")
    let stored = try backend.backend.core.store.database.read { connection in
      try connection.query("SELECT token_digest FROM sessions").map { $0.string(0) }
    }
    #expect(!stored.contains(session.token))
    #expect(stored.contains(SessionToken.digest(session.token)))
  }

  @Test func digest_matchesKnownSHA256() throws {
    #expect(
      SessionToken.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func migrationFromVersion1_endsOldSessionsButKeepsAccounts() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("v1-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    do {
      let old = try SQLiteDatabase(path: folder.appendingPathComponent(DevBackend.databaseFileName).path)
      try old.migrate([Schema.migrations[0]])
      try old.write { connection in
        try connection.query(
          """
          INSERT INTO accounts (username, password_hash, role, display_name, created_at)
          VALUES ('oldfan', 'x', 'fan', 'Old Fan', 0)
          """)
        try connection.query(
          "INSERT INTO sessions (token, account_id, created_at, expires_at) VALUES ('t', 1, 0, 1e12)")
      }
    }
    let backend = try TestBackend(directory: folder)
    let database = backend.backend.core.store.database
    #expect(try database.schemaVersion() == Schema.migrations.last?.version)
    #expect(try database.read { try $0.queryFirst("SELECT COUNT(*) FROM sessions")?.int64(0) } == 0)
    #expect(try backend.backend.core.store.account(username: "oldfan") != nil)
  }
}
