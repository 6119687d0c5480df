import ArtiSignInUsername
import AuthClient
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import Synchronization
import Testing

@MainActor
struct SignInUsernameFeatureTests {
  @Test func username_existingAccount_becomesOkAndNextProceeds() async {
    let clock = TestClock()
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.authClient.checkExistAccount = { $0 == "iu_official" }
    }

    await store.send(.view(.usernameChanged("iu_official"))) {
      $0.username = "iu_official"
      $0.inputState = .checking
    }
    await clock.advance(by: SignInUsernameFeature.checkDelay)
    await store.receive(.checkResponse(username: "iu_official", .success(true))) {
      $0.inputState = .ok
    }
    await store.send(.view(.nextTapped))
    await store.receive(.delegate(.proceed(username: "iu_official")))
  }

  @Test func username_unknownAccount_isNotFoundAndNextDoesNothing() async {
    let clock = TestClock()
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.authClient.checkExistAccount = { _ in false }
    }

    await store.send(.view(.usernameChanged("nobody_here"))) {
      $0.username = "nobody_here"
      $0.inputState = .checking
    }
    await clock.advance(by: SignInUsernameFeature.checkDelay)
    await store.receive(.checkResponse(username: "nobody_here", .success(false))) {
      $0.inputState = .notFound
    }
    await store.send(.view(.nextTapped))
  }

  @Test func username_breakingRules_isInvalidWithoutAskingTheServer() async {
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    }

    await store.send(.view(.usernameChanged("IU!"))) {
      $0.username = "IU!"
      $0.inputState = .invalid(.invalidCharacters)
    }
    await store.send(.view(.usernameChanged("iu"))) {
      $0.username = "iu"
      $0.inputState = .invalid(.tooShort)
    }
    await store.send(.view(.usernameChanged(String(repeating: "a", count: 21)))) {
      $0.username = String(repeating: "a", count: 21)
      $0.inputState = .invalid(.tooLong)
    }
    await store.send(.view(.usernameChanged(""))) {
      $0.username = ""
      $0.inputState = .empty
    }
    await store.send(.view(.nextTapped))
  }

  @Test func username_typedQuickly_checksOnlyTheLastText() async {
    let clock = TestClock()
    let checked = Mutex<[String]>([])
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.authClient.checkExistAccount = { name in
        checked.withLock { $0.append(name) }
        return true
      }
    }

    await store.send(.view(.usernameChanged("iu_"))) {
      $0.username = "iu_"
      $0.inputState = .checking
    }
    await clock.advance(by: .milliseconds(100))
    await store.send(.view(.usernameChanged("iu_official"))) {
      $0.username = "iu_official"
    }
    await clock.advance(by: SignInUsernameFeature.checkDelay)
    await store.receive(.checkResponse(username: "iu_official", .success(true))) {
      $0.inputState = .ok
    }
    #expect(checked.withLock { $0 } == ["iu_official"])
  }

  @Test func username_changedWhileChecking_cancelsTheCheckInFlight() async {
    let clock = TestClock()
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.continuousClock = clock
      // A slow server: the answer takes a second of the test clock.
      $0.authClient.checkExistAccount = { _ in
        try await clock.sleep(for: .seconds(1))
        return true
      }
    }

    await store.send(.view(.usernameChanged("iu_official"))) {
      $0.username = "iu_official"
      $0.inputState = .checking
    }
    await clock.advance(by: SignInUsernameFeature.checkDelay)
    await store.send(.view(.usernameChanged("x"))) {
      $0.username = "x"
      $0.inputState = .invalid(.tooShort)
    }
    await clock.advance(by: .seconds(2))
    #expect(clock.sleeperCount == 0)
  }

  @Test func username_checkFails_showsWhyAndNextRetries() async {
    let clock = TestClock()
    let attempts = Mutex(0)
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.authClient.checkExistAccount = { _ in
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        if attempt == 1 { throw APIError.unreachable("http://127.0.0.1:8080") }
        return true
      }
    }

    await store.send(.view(.usernameChanged("iu_official"))) {
      $0.username = "iu_official"
      $0.inputState = .checking
    }
    await clock.advance(by: SignInUsernameFeature.checkDelay)
    let failure = APIError.unreachable("http://127.0.0.1:8080")
    await store.receive(.checkResponse(username: "iu_official", .failure(failure))) {
      $0.inputState = .checkFailed(failure.message)
    }
    await store.send(.view(.nextTapped)) {
      $0.inputState = .checking
    }
    await clock.advance(by: SignInUsernameFeature.checkDelay)
    await store.receive(.checkResponse(username: "iu_official", .success(true))) {
      $0.inputState = .ok
    }
  }

  @Test func submitted_existingAccount_isCheckedAtOnceAndGoesOnWithoutNext() async {
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.authClient.checkExistAccount = { $0 == "iu_official" }
    }

    await store.send(.view(.usernameSubmitted(" iu_official "))) {
      $0.username = "iu_official"
      $0.inputState = .checking
      $0.isSubmitted = true
    }
    await store.receive(.checkResponse(username: "iu_official", .success(true))) {
      $0.inputState = .ok
      $0.isSubmitted = false
    }
    await store.receive(.delegate(.proceed(username: "iu_official")))
    // Back from the password, the same ID submitted again goes on at once.
    await store.send(.view(.usernameSubmitted("iu_official")))
    await store.receive(.delegate(.proceed(username: "iu_official")))
  }

  @Test func submitted_unknownOrBrokenID_staysWithWhyAndDoesNotGoOn() async {
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.authClient.checkExistAccount = { _ in false }
    }

    await store.send(.view(.usernameSubmitted("nobody_here"))) {
      $0.username = "nobody_here"
      $0.inputState = .checking
      $0.isSubmitted = true
    }
    await store.receive(.checkResponse(username: "nobody_here", .success(false))) {
      $0.inputState = .notFound
    }
    await store.send(.view(.usernameSubmitted("n"))) {
      $0.username = "n"
      $0.inputState = .invalid(.tooShort)
      $0.isSubmitted = false
    }
  }

  @Test func newAccount_takenIDIsRefusedAndAFreeOneGoesOn() async {
    let store = TestStore(initialState: SignInUsernameFeature.State(isNewAccount: true)) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.authClient.checkExistAccount = { $0 == "iu_official" }
    }

    await store.send(.view(.usernameSubmitted("iu_official"))) {
      $0.username = "iu_official"
      $0.inputState = .checking
      $0.isSubmitted = true
    }
    await store.receive(.checkResponse(username: "iu_official", .success(true))) {
      $0.inputState = .taken
    }
    await store.send(.view(.nextTapped))
    await store.send(.view(.usernameSubmitted("new_artist"))) {
      $0.username = "new_artist"
      $0.inputState = .checking
    }
    await store.receive(.checkResponse(username: "new_artist", .success(false))) {
      $0.inputState = .ok
      $0.isSubmitted = false
    }
    await store.receive(.delegate(.proceed(username: "new_artist")))
  }

  @Test func username_staleResponse_isIgnored() async {
    let store = TestStore(
      initialState: SignInUsernameFeature.State(username: "taeyeon", inputState: .checking)
    ) {
      SignInUsernameFeature()
    }
    await store.send(.checkResponse(username: "iu_official", .success(true)))
  }

  @Test func back_cancelsTheCheckAndAsksToLeave() async {
    let clock = TestClock()
    let store = TestStore(initialState: SignInUsernameFeature.State()) {
      SignInUsernameFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.view(.usernameChanged("iu_official"))) {
      $0.username = "iu_official"
      $0.inputState = .checking
    }
    await store.send(.view(.backTapped))
    await store.receive(.delegate(.back))
    #expect(clock.sleeperCount == 0)
  }
}
