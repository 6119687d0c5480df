import AuthDataModels
import CommonDataModels
import Foundation
import ProfileDataModels
import Testing

@testable import DevServerCore

@Suite struct SessionCacheTests {
  @Test func profileChange_isSeenAtOnceThroughACachedSession() throws {
    let backend = try TestBackend()
    let session = try backend.signIn("demo_fan")
    #expect(
      try backend.send("GET", APIPaths.session, token: session.token).decoded(Session.self).account
        .displayName == "Demo Fan")
    let update = try backend.send(
      "PATCH", APIPaths.profile, token: session.token, body: UpdateProfileRequest(displayName: "Renamed"))
    #expect(update.status == 200, "\(update.text)")
    let after = try backend.send("GET", APIPaths.session, token: session.token).decoded(Session.self)
    #expect(after.account.displayName == "Renamed")
  }

  @Test func signOut_endsACachedSessionAtOnce() throws {
    let backend = try TestBackend()
    let session = try backend.signIn("demo_fan")
    #expect(backend.send("GET", APIPaths.artists, token: session.token).status == 200)
    #expect(backend.send("POST", APIPaths.signOut, token: session.token).status == 204)
    #expect(backend.send("GET", APIPaths.artists, token: session.token).status == 401)
  }

  @Test func cachedSession_stillEndsAtItsExpiry() throws {
    let backend = try TestBackend()
    let session = try backend.signIn("demo_fan")
    #expect(backend.send("GET", APIPaths.artists, token: session.token).status == 200)
    backend.advance(seconds: 3_601)
    #expect(backend.send("GET", APIPaths.artists, token: session.token).status == 401)
  }

  @Test func cache_forgetsEntriesOlderThanItsLifetime() throws {
    let cache = SessionCache()
    let backend = try TestBackend()
    let account = try #require(try backend.backend.core.store.account(username: "demo_fan"))
    let now = Date()
    cache.remember("token", account: account, expiresAt: now.addingTimeInterval(60))
    #expect(cache.lookUp("token", now: now)?.account == account)
    #expect(cache.lookUp("token", now: now.addingTimeInterval(61)) == nil, "an expired session was served")
    cache.remember("token", account: account, expiresAt: now.addingTimeInterval(60))
    cache.forget(account: account.id)
    #expect(cache.lookUp("token", now: now) == nil)
  }
}
