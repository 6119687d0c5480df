import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitectureTesting
import Dependencies
import Testing

@Suite struct AuthClientInterfaceTests {
  @Test func testValue_signIn_reportsTheEndpointAndThrows() async {
    let issues = IssueCollector()
    _ = await withIssueReporter(issues) {
      await #expect(throws: UnimplementedFailure(endpoint: "AuthClient.signIn")) {
        try await AuthClient.testValue.signIn("demo_fan", "fromm-demo-1")
      }
    }
    #expect(issues.messages == ["Unimplemented: 'AuthClient.signIn'"])
  }

  @Test func testValue_signOut_reportsTheEndpointAndThrows() async {
    let issues = IssueCollector()
    _ = await withIssueReporter(issues) {
      await #expect(throws: UnimplementedFailure(endpoint: "AuthClient.signOut")) {
        try await AuthClient.testValue.signOut()
      }
    }
    #expect(issues.messages == ["Unimplemented: 'AuthClient.signOut'"])
  }

  @Test func dependencyValues_authClient_readsTheOverride() async throws {
    let exists = try await withDependencies {
      $0.authClient.checkExistAccount = { $0 == "iu_official" }
    } operation: {
      @Dependency(\.authClient.checkExistAccount) var checkExistAccount
      return try await checkExistAccount("iu_official")
    }
    #expect(exists)
  }

  @Test func preview_checkExistAccount_knowsTheDemoNamesAfterTheLatency() async throws {
    let clock = TestClock()
    let client = AuthClient.preview(latency: .milliseconds(300))
    let (known, unknown) = try await withDependencies {
      $0.continuousClock = clock
    } operation: {
      let known = Task { try await client.checkExistAccount("taeyeon") }
      let unknown = Task { try await client.checkExistAccount("nobody_here") }
      // Both calls wait on the clock: nothing answers before the latency has passed.
      while clock.sleeperCount < 2 { await Task.yield() }
      await clock.advance(by: .milliseconds(299))
      #expect(clock.sleeperCount == 2)
      await clock.advance(by: .milliseconds(1))
      return (try await known.value, try await unknown.value)
    }
    #expect(known)
    #expect(!unknown)
  }

  @Test func preview_signIn_acceptsDemoCredentialsOnly() async throws {
    let client = AuthClient.preview()
    try await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      let session = try await client.signIn("iu_official", AuthClient.previewPassword)
      #expect(session.account.role == .artist)
      #expect(try await client.restoreSession() == session)
      await #expect(throws: APIError.unauthorized("Wrong username or password.")) {
        try await client.signIn("iu_official", "wrong-password")
      }
      try await client.signOut()
      #expect(try await client.restoreSession() == nil)
    }
  }

  @Test func preview_signUp_addsTheAccountAndRefusesATakenName() async throws {
    let client = AuthClient.preview()
    try await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      let request = SignUpRequest(username: "new_fan", password: "secret-pass", role: .fan)
      let session = try await client.signUp(request)
      #expect(session.account.displayName == "new_fan")
      #expect(try await client.checkExistAccount("new_fan"))
      _ = try await client.signIn("new_fan", "secret-pass")
      await #expect(
        throws: APIError.rejected(code: "username_taken", message: "That username is taken; choose another.")
      ) {
        try await client.signUp(request)
      }
    }
  }
}
