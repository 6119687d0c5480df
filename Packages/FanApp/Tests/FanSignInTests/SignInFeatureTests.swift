import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanSignIn
import Synchronization
import Testing

@MainActor
struct SignInRestoreTests {
  @Test func task_storedFanSession_signsInWithoutAsking() async {
    let store = TestStore(initialState: SignInFeature.State()) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { .fan() }
    }

    await store.send(.view(.task)) { $0.isWorking = true }
    await store.receive(.restoreResponse(.success(.fan()))) { $0.isWorking = false }
    await store.receive(.delegate(.signedIn(.fan())))
  }

  @Test func task_noStoredSession_asksForUsername() async {
    let store = TestStore(initialState: SignInFeature.State()) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { nil }
    }

    await store.send(.view(.task)) { $0.isWorking = true }
    await store.receive(.restoreResponse(.success(nil))) {
      $0.isWorking = false
      $0.step = .username
    }
  }

  @Test func task_noStoredSessionForTheUserNamedAtLaunch_checksItAndAsksItsPassword() async {
    let store = TestStore(initialState: SignInFeature.State(username: "minji_fan")) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { nil }
      $0.authClient.checkExistAccount = { $0 == "minji_fan" }
    }

    await store.send(.view(.task)) { $0.isWorking = true }
    await store.receive(.restoreResponse(.success(nil))) {
      $0.step = .username
    }
    await store.receive(.usernameChecked(.success(true))) {
      $0.isWorking = false
      $0.step = .password
    }
  }

  @Test func task_storedArtistSession_isIgnoredAndAsksForUsername() async {
    let store = TestStore(initialState: SignInFeature.State()) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { .artist }
    }

    await store.send(.view(.task)) { $0.isWorking = true }
    await store.receive(.restoreResponse(.success(.artist))) {
      $0.isWorking = false
      $0.step = .username
    }
  }

  @Test func task_serverUnreachable_explainsAndAsksForUsername() async {
    let store = TestStore(initialState: SignInFeature.State()) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { throw APIError.unreachable("http://127.0.0.1:9") }
    }

    await store.send(.view(.task)) { $0.isWorking = true }
    await store.receive(.restoreResponse(.failure(.unreachable("http://127.0.0.1:9")))) {
      $0.isWorking = false
      $0.step = .username
      $0.error =
        "Could not restore your last session: The server at http://127.0.0.1:9 cannot be reached. Check that it is running and try again."
    }
  }
}

@MainActor
struct SignInUsernameTests {
  @Test func usernameSubmitted_breaksRules_showsItBackWithTheRuleWithoutCallingServer() async {
    let store = TestStore(initialState: SignInFeature.State(step: .username)) { SignInFeature() }

    await store.send(.view(.usernameSubmitted(""))) { $0.error = "Enter a username." }
    await store.send(.view(.usernameSubmitted("ab"))) {
      $0.username = "ab"
      $0.error = "At least 3 characters."
    }
    await store.send(.view(.usernameSubmitted("Minji Fan"))) {
      $0.username = "Minji Fan"
      $0.error = "Use only lowercase letters a–z, digits, '.' and '_'."
    }
    await store.send(.view(.usernameSubmitted(String(repeating: "a", count: 21)))) {
      $0.username = String(repeating: "a", count: 21)
      $0.error = "At most 20 characters."
    }
  }

  @Test func signUp_rejectedUsernameAfterATakenOne_showsTheRejectedOneNotThePrevious() async {
    let store = TestStore(
      initialState: SignInFeature.State(
        mode: .signUp, step: .username, username: "demo_fan",
        error: "“demo_fan” is taken. Choose another username, or type /signin if it is yours.")
    ) {
      SignInFeature()
    }

    await store.send(.view(.usernameSubmitted("Demo-Fan"))) {
      $0.username = "Demo-Fan"
      $0.error = "Use only lowercase letters a–z, digits, '.' and '_'."
    }
  }

  @Test func nextAnswer_clearsTheLastError_evenWhenItIsIgnored() async {
    let store = TestStore(
      initialState: SignInFeature.State(
        step: .password, username: "minji_fan", error: "Wrong username or password.")
    ) {
      SignInFeature()
    }

    await store.send(.view(.modeChanged(.signUp))) {
      $0.mode = .signUp
      $0.step = .username
      $0.error = nil
    }
    // A stray password line at the username step changes nothing but the old message.
    await store.send(.view(.passwordSubmitted("secret-pass-1")))
  }

  @Test func signIn_existingUsername_asksForPassword() async {
    let store = TestStore(initialState: SignInFeature.State(step: .username, error: "old")) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.checkExistAccount = { $0 == "minji_fan" }
    }

    await store.send(.view(.usernameSubmitted("  minji_fan "))) {
      $0.username = "minji_fan"
      $0.error = nil
      $0.isWorking = true
    }
    await store.receive(.usernameChecked(.success(true))) {
      $0.isWorking = false
      $0.step = .password
    }
  }

  @Test func signIn_unknownUsername_suggestsSignUp() async {
    let store = TestStore(initialState: SignInFeature.State(step: .username)) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.checkExistAccount = { _ in false }
    }

    await store.send(.view(.usernameSubmitted("nobody_here"))) {
      $0.username = "nobody_here"
      $0.isWorking = true
    }
    await store.receive(.usernameChecked(.success(false))) {
      $0.isWorking = false
      $0.error = "There is no account named “nobody_here”. Check the spelling, or create it."
    }
  }

  @Test func signUp_takenUsername_asksForAnother() async {
    let store = TestStore(initialState: SignInFeature.State(mode: .signUp, step: .username)) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.checkExistAccount = { _ in true }
    }

    await store.send(.view(.usernameSubmitted("demo_fan"))) {
      $0.username = "demo_fan"
      $0.isWorking = true
    }
    await store.receive(.usernameChecked(.success(true))) {
      $0.isWorking = false
      $0.error = "“demo_fan” is taken. Choose another username, or sign in if it is yours."
    }
  }

  @Test func usernameCheck_serverUnreachable_showsMessageAndStays() async {
    let store = TestStore(initialState: SignInFeature.State(step: .username)) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.checkExistAccount = { _ in throw APIError.timeout }
    }

    await store.send(.view(.usernameSubmitted("minji_fan"))) {
      $0.username = "minji_fan"
      $0.isWorking = true
    }
    await store.receive(.usernameChecked(.failure(.timeout))) {
      $0.isWorking = false
      $0.error = "The server took too long to answer. Try again in a moment."
    }
  }
}

@MainActor
struct SignInPasswordTests {
  @Test func signIn_rightPassword_delegatesSession() async {
    let store = TestStore(initialState: SignInFeature.State(step: .password, username: "minji_fan")) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.signIn = { username, password in
        #expect(username == "minji_fan")
        #expect(password == "fromm-demo-1")
        return .fan()
      }
    }

    await store.send(.view(.passwordSubmitted("fromm-demo-1"))) { $0.isWorking = true }
    await store.receive(.authResponse(.success(.fan()))) { $0.isWorking = false }
    await store.receive(.delegate(.signedIn(.fan())))
  }

  @Test func signIn_wrongPassword_showsServerMessageAndAsksAgain() async {
    let store = TestStore(initialState: SignInFeature.State(step: .password, username: "minji_fan")) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.signIn = { _, _ in throw APIError.unauthorized("Wrong username or password") }
    }

    await store.send(.view(.passwordSubmitted("not-my-password"))) { $0.isWorking = true }
    await store.receive(.authResponse(.failure(.unauthorized("Wrong username or password")))) {
      $0.isWorking = false
      $0.error = "Wrong username or password."
    }
  }

  @Test func password_breaksRules_explainsRuleInPlaceWithoutCallingServer() async {
    let store = TestStore(initialState: SignInFeature.State(step: .password, username: "minji_fan")) {
      SignInFeature()
    }

    await store.send(.view(.passwordSubmitted(""))) { $0.error = "Password: Enter a password." }
    await store.send(.view(.passwordSubmitted("short"))) { $0.error = "Password: At least 8 characters." }
    await store.send(.view(.passwordSubmitted(String(repeating: "가", count: 25)))) {
      $0.error = "Password: At most 72 bytes."
    }
  }

  @Test func signUp_newUsername_createsFanAccount() async {
    let requests = Mutex<[SignUpRequest]>([])
    let store = TestStore(
      initialState: SignInFeature.State(mode: .signUp, step: .password, username: "new_fan")
    ) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.signUp = { request in
        requests.withLock { $0.append(request) }
        return .fan("new_fan", id: 9)
      }
    }

    await store.send(.view(.passwordSubmitted("secret-pass-1"))) { $0.isWorking = true }
    await store.receive(.authResponse(.success(.fan("new_fan", id: 9)))) { $0.isWorking = false }
    await store.receive(.delegate(.signedIn(.fan("new_fan", id: 9))))
    #expect(
      requests.withLock { $0 } == [SignUpRequest(username: "new_fan", password: "secret-pass-1", role: .fan)])
  }

  @Test func signUp_serverRefuses_showsServerMessage() async {
    let store = TestStore(
      initialState: SignInFeature.State(mode: .signUp, step: .password, username: "new_fan")
    ) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.signUp = { _ in
        throw APIError.rejected(code: "username_taken", message: "That username is taken; choose another")
      }
    }

    await store.send(.view(.passwordSubmitted("secret-pass-1"))) { $0.isWorking = true }
    await store.receive(
      .authResponse(
        .failure(.rejected(code: "username_taken", message: "That username is taken; choose another")))
    ) {
      $0.isWorking = false
      $0.error = "That username is taken; choose another."
    }
  }

  @Test func signIn_artistAccount_isRefusedAndItsSessionDropped() async {
    let signedOut = Mutex(false)
    let store = TestStore(initialState: SignInFeature.State(step: .password, username: "iu_official")) {
      SignInFeature()
    } withDependencies: {
      $0.authClient.signIn = { _, _ in .artist }
      $0.authClient.signOut = { signedOut.withLock { $0 = true } }
    }

    await store.send(.view(.passwordSubmitted("fromm-demo-1"))) { $0.isWorking = true }
    await store.receive(.authResponse(.success(.artist))) {
      $0.isWorking = false
      $0.step = .username
      $0.error = "“iu_official” is an artist account. Artists use the arti app."
    }
    await store.finish()
    #expect(signedOut.withLock { $0 })
  }

  @Test func backAndModeChange_returnToUsernameAndClearError() async {
    let store = TestStore(
      initialState: SignInFeature.State(
        step: .password, username: "minji_fan", error: "Wrong username or password.")
    ) {
      SignInFeature()
    }

    await store.send(.view(.backTapped)) {
      $0.step = .username
      $0.error = nil
    }
    await store.send(.view(.modeChanged(.signUp))) { $0.mode = .signUp }
    await store.send(.view(.modeChanged(.signIn))) { $0.mode = .signIn }
  }

  @Test func input_whileWorking_isIgnored() async {
    let store = TestStore(
      initialState: SignInFeature.State(step: .password, username: "minji_fan", isWorking: true)
    ) {
      SignInFeature()
    }

    await store.send(.view(.passwordSubmitted("fromm-demo-1")))
    await store.send(.view(.usernameSubmitted("other")))
    await store.send(.view(.backTapped))
    await store.send(.view(.modeChanged(.signUp)))
  }
}
