import AuthDataModels
import CommonDataModels
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import DevServerCore

@Suite struct ControlCharacterTests {
  @Test func signUp_passwordOfNULs_isRefusedNotStoredAsEmpty() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signUp,
      body: SignUpRequest(username: "nulfan", password: String(repeating: "\u{0}", count: 8), role: .fan))
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_password")
    #expect(response.error?.message.contains("U+0000") == true)
    // Nothing was created, so an empty password cannot sign in either.
    let empty = try backend.send(
      "POST", APIPaths.signIn, body: SignInRequest(username: "nulfan", password: ""))
    #expect(empty.status == 401)
  }

  @Test func signIn_rightPasswordFollowedByNULAndJunk_doesNotSignIn() throws {
    let backend = try TestBackend()
    let response = try backend.send(
      "POST", APIPaths.signIn,
      body: SignInRequest(username: "demo_fan", password: DemoData.password + "\u{0}junk"))
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_password")
  }

  @Test func passwordHasher_passwordWithNUL_neverVerifies() throws {
    let hasher = PasswordHasher(cost: 1)
    let hash = try hasher.hash("fromm-demo-1")
    #expect(hasher.verify("fromm-demo-1", against: hash))
    #expect(!hasher.verify("fromm-demo-1\u{0}junk", against: hash))
  }

  @Test(arguments: ["Demo\u{0}Fan", "line\nbreak", "bell\u{7}", "esc\u{1B}[2J"])
  func updateProfile_displayNameWithControlCharacter_returns400(name: String) throws {
    let backend = try TestBackend()
    let token = try backend.signIn("demo_fan").token
    let response = backend.send(
      "PATCH", APIPaths.profile, token: token,
      json: String(decoding: try WireJSON.encode(["displayName": name]), as: UTF8.self))
    #expect(response.status == 400)
    #expect(response.error?.code == "invalid_profile")
  }

  @Test func sendMessage_NULIsRefused_butLineBreaksAreKept() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let room = APIPaths.messages(artistID: artist.account.id)
    let refused = backend.send("POST", room, token: artist.token, json: #"{"text":"cut\u0000here"}"#)
    #expect(refused.status == 400)
    #expect(refused.error?.code == "invalid_message")
    let kept = backend.send("POST", room, token: artist.token, json: #"{"text":"two\nlines\tand a tab"}"#)
    #expect(kept.status == 201)
    #expect(kept.text.contains(#"two\nlines\tand a tab"#))
  }
}

@Suite struct SignInThrottleTests {
  func signIn(
    _ backend: TestBackend, _ username: String, _ password: String, from address: String = "10.0.0.1"
  )
    throws -> WireResponse
  {
    try backend.send(
      "POST", APIPaths.signIn, body: SignInRequest(username: username, password: password),
      headers: [BackendCore.peerAddressHeader: address])
  }

  @Test func wrongPasswords_afterSixFailures_429FromThatAddress_butTheRightPasswordElsewhereSignsIn() throws {
    let backend = try TestBackend()
    for _ in 0..<6 {
      #expect(try signIn(backend, "demo_fan", "wrong-password").status == 401)
    }
    let blocked = try signIn(backend, "demo_fan", DemoData.password)
    #expect(blocked.status == 429)
    #expect(blocked.error?.code == "too_many_requests")
    #expect(blocked.headers["retry-after"] == "1")
    // Anyone can guess wrong: the account's owner, from a clean address, is not locked out.
    #expect(try signIn(backend, "demo_fan", DemoData.password, from: "10.0.0.2").status == 200)
    backend.advance(seconds: 1)
    #expect(try signIn(backend, "demo_fan", DemoData.password).status == 200)
  }

  @Test func wrongPasswordsSentAtOnce_areCountedBeforeTheirHash_soOnlySixAreChecked() throws {
    let gate = HashGate(limit: 1)
    let backend = try TestBackend(hashGate: gate)
    let statuses = Mutex<[Int]>([])
    let answered = DispatchSemaphore(value: 0)
    // The gate is held, so no guess is hashed (or recorded, were failures counted after it).
    let release = HashGateTests.hold(gate)
    let group = DispatchGroup()
    for _ in 0..<20 {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let status = (try? signIn(backend, "demo_fan", "wrong-password"))?.status ?? 0
        statuses.withLock { $0.append(status) }
        answered.signal()
      }
    }
    let deadline = DispatchTime.now() + 60
    for _ in 0..<14 {
      #expect(answered.wait(timeout: deadline) == .success, "14 guesses should be refused unhashed")
    }
    release.signal()
    #expect(group.wait(timeout: .now() + 60) == .success)
    let all = statuses.withLock { $0 }
    #expect(all.filter { $0 == 429 }.count == 14)
    #expect(all.filter { $0 == 401 }.count == 6)
  }

  @Test func wallClockSteppedBackAnHour_doesNotStretchABlock() throws {
    let backend = try TestBackend()
    for _ in 0..<6 { _ = try signIn(backend, "demo_fan", "wrong-password") }
    backend.clock.stepWallClock(seconds: -3_600)
    #expect(try signIn(backend, "demo_fan", DemoData.password).headers["retry-after"] == "1")
    backend.advance(seconds: 1)
    #expect(try signIn(backend, "demo_fan", DemoData.password).status == 200)
  }

  @Test func backOff_doublesWithEveryFurtherFailure() throws {
    let backend = try TestBackend()
    for _ in 0..<6 { _ = try signIn(backend, "demo_fan", "wrong-password") }
    backend.advance(seconds: 1)
    #expect(try signIn(backend, "demo_fan", "wrong-password").status == 401)
    #expect(try signIn(backend, "demo_fan", "wrong-password").headers["retry-after"] == "2")
  }

  @Test func oneAddressGuessingManyAccounts_isBlocked_otherAddressesAreNot() throws {
    let backend = try TestBackend()
    for index in 0..<21 {
      #expect(try signIn(backend, "guess\(index)", "wrong-password", from: "10.9.9.9").status == 401)
    }
    #expect(try signIn(backend, "demo_fan", DemoData.password, from: "10.9.9.9").status == 429)
    #expect(try signIn(backend, "demo_fan", DemoData.password, from: "10.0.0.7").status == 200)
  }

  @Test func checkAccount_moreThan30PerMinuteFromOneAddress_gets429UntilTheMinutePasses() throws {
    let backend = try TestBackend()
    let headers = [BackendCore.peerAddressHeader: "10.0.0.3"]
    for index in 0..<30 {
      let response = try backend.send(
        "POST", APIPaths.checkAccount, body: CheckAccountRequest(username: "user\(index)"), headers: headers)
      #expect(response.status == 200)
    }
    let refused = try backend.send(
      "POST", APIPaths.checkAccount, body: CheckAccountRequest(username: "user31"), headers: headers)
    #expect(refused.status == 429)
    #expect(refused.headers["retry-after"] == "60")
    backend.advance(seconds: 60)
    let again = try backend.send(
      "POST", APIPaths.checkAccount, body: CheckAccountRequest(username: "user31"), headers: headers)
    #expect(again.status == 200)
  }

  @Test func throttle_floodOfMadeUpUsernames_staysBounded() {
    var limits = SignInThrottle.Limits()
    limits.maxTracked = 100
    let now = Mutex(TimeInterval(0))
    let throttle = SignInThrottle(limits: limits) { now.withLock { $0 } }
    for index in 0..<1_000 {
      now.withLock { $0 = Double(index) * 1_000 }
      _ = throttle.reserveSignIn(username: "u\(index)", address: "a\(index)")
    }
    #expect(throttle.trackedCount <= 102)
  }
}

@Suite struct HashGateTests {
  @Test func concurrentSignIns_neverHashMoreThanTheLimitAtOnce() throws {
    let gate = HashGate(limit: 2)
    let backend = try TestBackend(hashGate: gate)
    let group = DispatchGroup()
    for index in 0..<8 {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        let body = try? WireJSON.encode(
          SignInRequest(username: index % 2 == 0 ? "demo_fan" : "minji_fan", password: DemoData.password))
        _ = backend.backend.handle(WireRequest(method: "POST", path: APIPaths.signIn, body: body ?? Data()))
      }
    }
    #expect(group.wait(timeout: .now() + 60) == .success)
    #expect(gate.peak >= 1)
    #expect(gate.peak <= 2)
  }

  /// Takes `gate`'s only slot on a thread of its own until the returned semaphore is signalled.
  static func hold(_ gate: HashGate) -> DispatchSemaphore {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      gate.run {
        entered.signal()
        release.wait()
      }
    }
    entered.wait()
    return release
  }

  @Test func gate_heldSlots_makeTheNextCallerWait() {
    let gate = HashGate(limit: 1)
    let release = Self.hold(gate)
    let second = DispatchSemaphore(value: 0)
    Thread.detachNewThread { _ = gate.run { second.signal() } }
    #expect(second.wait(timeout: .now() + 0.2) == .timedOut)
    release.signal()
    #expect(second.wait(timeout: .now() + 5) == .success)
    #expect(gate.peak == 1)
  }
}
