import ArtiAppTestSupport
import ArtiSignInPassword
import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import Synchronization
import Testing

@MainActor
struct SignInPasswordFeatureTests {
  @Test func signIn_rightPassword_signsIn() async {
    let store = TestStore(initialState: SignInPasswordFeature.State(username: "iu_official")) {
      SignInPasswordFeature()
    } withDependencies: {
      $0.authClient.signIn = { username, password in
        #expect(username == "iu_official")
        #expect(password == "fromm-demo-1")
        return session()
      }
    }

    await store.send(.view(.passwordSubmitted("fromm-demo-1"))) {
      $0.password = "fromm-demo-1"
      $0.isSigningIn = true
    }
    await store.receive(.signInResponse(.success(session()))) {
      $0.isSigningIn = false
      $0.password = ""
    }
    await store.receive(.delegate(.signedIn(session())))
  }

  @Test func signUp_newAccount_createsAnArtistAndAnIDTakenMeanwhileIsExplained() async {
    let requests = Mutex<[SignUpRequest]>([])
    let store = TestStore(
      initialState: SignInPasswordFeature.State(username: "new_artist", isNewAccount: true)
    ) {
      SignInPasswordFeature()
    } withDependencies: {
      $0.authClient.signUp = { request in
        requests.withLock { $0.append(request) }
        throw APIError.rejected(code: "username_taken", message: "The username new_artist is taken.")
      }
    }

    await store.send(.view(.passwordSubmitted("a-new-password"))) {
      $0.password = "a-new-password"
      $0.isSigningIn = true
    }
    let taken = APIError.rejected(code: "username_taken", message: "The username new_artist is taken.")
    await store.receive(.signInResponse(.failure(taken))) {
      $0.isSigningIn = false
      $0.password = ""
      $0.error = .unknown(taken.message)
    }
    #expect(
      requests.withLock { $0 }
        == [SignUpRequest(username: "new_artist", password: "a-new-password", role: .artist)])
  }

  @Test func signIn_wrongPassword_explainsInPlace() async {
    let store = TestStore(initialState: SignInPasswordFeature.State(username: "iu_official")) {
      SignInPasswordFeature()
    } withDependencies: {
      $0.authClient.signIn = { _, _ in throw APIError.unauthorized("Wrong username or password.") }
    }

    await store.send(.view(.passwordSubmitted("not-the-password"))) {
      $0.password = "not-the-password"
      $0.isSigningIn = true
    }
    await store.receive(.signInResponse(.failure(.unauthorized("Wrong username or password.")))) {
      $0.isSigningIn = false
      $0.password = ""
      $0.error = .wrongPassword
    }
    // The next password takes the refusal off the screen.
    await store.send(.view(.passwordSubmitted("short"))) {
      $0.password = "short"
      $0.error = nil
      $0.passwordProblem = .tooShort
    }
  }

  @Test func signIn_lockedAccount_showsTheServersReason() async {
    let refusal = APIError.rejected(code: "account_locked", message: "Too many attempts. Wait 5 minutes.")
    let store = TestStore(initialState: SignInPasswordFeature.State(username: "iu_official")) {
      SignInPasswordFeature()
    } withDependencies: {
      $0.authClient.signIn = { _, _ in throw refusal }
    }

    await store.send(.view(.passwordSubmitted("fromm-demo-1"))) {
      $0.password = "fromm-demo-1"
      $0.isSigningIn = true
    }
    await store.receive(.signInResponse(.failure(refusal))) {
      $0.isSigningIn = false
      $0.password = ""
      $0.error = .locked("Too many attempts. Wait 5 minutes.")
    }
    #expect(
      store.state.error?.message == "This account cannot sign in now: Too many attempts. Wait 5 minutes.")
  }

  @Test func signIn_serverUnreachable_showsUnknownError() async {
    let failure = APIError.unreachable("http://127.0.0.1:9")
    let store = TestStore(initialState: SignInPasswordFeature.State(username: "iu_official")) {
      SignInPasswordFeature()
    } withDependencies: {
      $0.authClient.signIn = { _, _ in throw failure }
    }

    await store.send(.view(.passwordSubmitted("fromm-demo-1"))) {
      $0.password = "fromm-demo-1"
      $0.isSigningIn = true
    }
    await store.receive(.signInResponse(.failure(failure))) {
      $0.isSigningIn = false
      $0.password = ""
      $0.error = .unknown(failure.message)
    }
  }

  @Test func signIn_passwordBreakingRules_isRefusedWithoutAskingTheServer() async {
    let store = TestStore(initialState: SignInPasswordFeature.State(username: "iu_official")) {
      SignInPasswordFeature()
    }

    await store.send(.view(.passwordSubmitted(""))) {
      $0.passwordProblem = .empty
    }
    await store.send(.view(.passwordSubmitted("short"))) {
      $0.password = "short"
      $0.passwordProblem = .tooShort
    }
  }

  @Test func signIn_fanAccount_isSignedOutAgainAndRefused() async {
    let signedOut = Mutex(false)
    let store = TestStore(initialState: SignInPasswordFeature.State(username: "demo_fan")) {
      SignInPasswordFeature()
    } withDependencies: {
      $0.authClient.signIn = { _, _ in session(role: .fan) }
      $0.authClient.signOut = { signedOut.withLock { $0 = true } }
    }

    await store.send(.view(.passwordSubmitted("fromm-demo-1"))) {
      $0.password = "fromm-demo-1"
      $0.isSigningIn = true
    }
    await store.receive(.signInResponse(.success(session(role: .fan))))
    await store.receive(.notAnArtistSignedOut) {
      $0.isSigningIn = false
      $0.password = ""
      $0.error = .notAnArtist
    }
    #expect(signedOut.withLock { $0 })
  }

  @Test func back_whileSigningIn_cancelsAndAsksToGoBack() async {
    let store = TestStore(initialState: SignInPasswordFeature.State(username: "iu_official")) {
      SignInPasswordFeature()
    } withDependencies: {
      $0.authClient.signIn = { _, _ in try await Task.never() }
    }

    await store.send(.view(.passwordSubmitted("fromm-demo-1"))) {
      $0.password = "fromm-demo-1"
      $0.isSigningIn = true
    }
    await store.send(.view(.backTapped)) {
      $0.password = ""
      $0.isSigningIn = false
    }
    await store.receive(.delegate(.back))
    await store.finish()
  }
}
