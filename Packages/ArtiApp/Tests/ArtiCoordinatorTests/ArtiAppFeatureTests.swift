import ArtiAppTestSupport
import ArtiCoordinator
import ArtiProfile
import ArtiSignInPassword
import ArtiSignInUsername
import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import MessageClient
import MessageDataModels
import MessageRoom
import ProfileClient
import Synchronization
import Testing

@MainActor
struct ArtiAppFeatureTests {
  @Test func launch_noSavedSession_showsTheIntro() async {
    let store = TestStore(initialState: ArtiAppFeature.State()) {
      ArtiAppFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { nil }
    }
    await store.send(.view(.task)) {
      $0.isRestoring = true
    }
    await store.receive(.restoreResponse(.success(nil))) {
      $0.isRestoring = false
    }
  }

  @Test func launch_savedSession_goesStraightHomeAndOpensTheRoom() async {
    let store = TestStore(initialState: ArtiAppFeature.State()) {
      ArtiAppFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { session() }
      $0.authClient.sessionEnded = { AsyncStream { $0.finish() } }
      $0.messageClient.followRoom = { _, _ in
        AsyncThrowingStream {
          $0.yield(.loaded([], hasOlder: false))
          $0.finish()
        }
      }
    }
    await store.send(.view(.task)) {
      $0.isRestoring = true
    }
    await store.receive(.restoreResponse(.success(session()))) {
      $0.isRestoring = false
      $0.home = HomeFeature.State(session: session())
    }
    await store.receive(.home(.presented(.view(.task))))
    await store.receive(.home(.presented(.room(.view(.task))))) {
      $0.home?.room.feed.isLoading = true
      $0.home?.room.feed.isLive = true
    }
    await store.receive(.home(.presented(.room(.roomUpdated(.loaded([], hasOlder: false)))))) {
      $0.home?.room.feed.isLoading = false
      $0.home?.room.feed.hasLoaded = true
    }
    await store.finish()
  }

  @Test func launch_savedSessionCannotBeChecked_showsTheIntroWithWhy() async {
    let store = TestStore(initialState: ArtiAppFeature.State()) {
      ArtiAppFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { throw APIError.timeout }
    }
    await store.send(.view(.task)) {
      $0.isRestoring = true
    }
    await store.receive(.restoreResponse(.failure(.timeout))) {
      $0.isRestoring = false
      $0.notice = "Your saved session could not be checked. \(APIError.timeout.message)"
    }
  }

  @Test func launch_savedFanSession_isIgnored() async {
    let store = TestStore(initialState: ArtiAppFeature.State()) {
      ArtiAppFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { session(role: .fan) }
    }
    await store.send(.view(.task)) {
      $0.isRestoring = true
    }
    await store.receive(.restoreResponse(.success(session(role: .fan)))) {
      $0.isRestoring = false
    }
  }

  @Test func signIn_introUsernamePassword_endsHome() async {
    let clock = TestClock()
    let store = TestStore(initialState: ArtiAppFeature.State()) {
      ArtiAppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.authClient.checkExistAccount = { $0 == "iu_official" }
      $0.authClient.sessionEnded = { AsyncStream { $0.finish() } }
      $0.authClient.signIn = { _, password in
        guard password == "fromm-demo-1" else { throw APIError.unauthorized("") }
        return session()
      }
      $0.messageClient.followRoom = { _, _ in
        AsyncThrowingStream {
          $0.yield(.loaded([], hasOlder: false))
          $0.finish()
        }
      }
    }

    await store.send(.view(.logInTapped)) {
      $0.path.append(.username(SignInUsernameFeature.State()))
    }
    await store.send(.path(.element(id: 0, action: .username(.view(.usernameChanged("iu_official")))))) {
      $0.path[id: 0] = .username(SignInUsernameFeature.State(username: "iu_official", inputState: .checking))
    }
    await clock.advance(by: SignInUsernameFeature.checkDelay)
    await store.receive(\.path[id: 0].username.checkResponse) {
      $0.path[id: 0] = .username(SignInUsernameFeature.State(username: "iu_official", inputState: .ok))
    }
    await store.send(.path(.element(id: 0, action: .username(.view(.nextTapped)))))
    await store.receive(
      .path(.element(id: 0, action: .username(.delegate(.proceed(username: "iu_official")))))
    ) {
      $0.path.append(.password(SignInPasswordFeature.State(username: "iu_official")))
    }
    await store.send(.path(.element(id: 1, action: .password(.view(.passwordSubmitted("fromm-demo-1")))))) {
      $0.path[id: 1] = .password(
        SignInPasswordFeature.State(username: "iu_official", password: "fromm-demo-1", isSigningIn: true))
    }
    await store.receive(.path(.element(id: 1, action: .password(.signInResponse(.success(session())))))) {
      $0.path[id: 1] = .password(SignInPasswordFeature.State(username: "iu_official"))
    }
    await store.receive(.path(.element(id: 1, action: .password(.delegate(.signedIn(session())))))) {
      $0.path.removeAll()
      $0.home = HomeFeature.State(session: session())
    }
    await store.receive(.home(.presented(.view(.task))))
    await store.receive(.home(.presented(.room(.view(.task))))) {
      $0.home?.room.feed.isLoading = true
      $0.home?.room.feed.isLive = true
    }
    await store.receive(.home(.presented(.room(.roomUpdated(.loaded([], hasOlder: false)))))) {
      $0.home?.room.feed.isLoading = false
      $0.home?.room.feed.hasLoaded = true
    }
    await store.finish()
  }

  @Test func signUp_freeIDSubmittedThenPassword_createsAnArtistAccountWithNoNextStep() async {
    let requests = Mutex<[SignUpRequest]>([])
    let store = TestStore(initialState: ArtiAppFeature.State(notice: "You signed out.")) {
      ArtiAppFeature()
    } withDependencies: {
      $0.authClient.checkExistAccount = { _ in false }
      $0.authClient.sessionEnded = { AsyncStream { $0.finish() } }
      $0.authClient.signUp = { request in
        requests.withLock { $0.append(request) }
        return session()
      }
      $0.messageClient.followRoom = { _, _ in AsyncThrowingStream { $0.finish() } }
    }

    await store.send(.view(.signUpTapped)) {
      $0.notice = nil
      $0.path.append(.username(SignInUsernameFeature.State(isNewAccount: true)))
    }
    await store.send(.path(.element(id: 0, action: .username(.view(.usernameSubmitted("new_artist")))))) {
      $0.path[id: 0] = .username(
        SignInUsernameFeature.State(
          username: "new_artist", inputState: .checking, isNewAccount: true, isSubmitted: true))
    }
    await store.receive(\.path[id: 0].username.checkResponse) {
      $0.path[id: 0] = .username(
        SignInUsernameFeature.State(username: "new_artist", inputState: .ok, isNewAccount: true))
    }
    await store.receive(
      .path(.element(id: 0, action: .username(.delegate(.proceed(username: "new_artist")))))
    ) {
      $0.path.append(.password(SignInPasswordFeature.State(username: "new_artist", isNewAccount: true)))
    }
    await store.send(.path(.element(id: 1, action: .password(.view(.passwordSubmitted("a-new-password")))))) {
      $0.path[id: 1] = .password(
        SignInPasswordFeature.State(
          username: "new_artist", isNewAccount: true, password: "a-new-password", isSigningIn: true))
    }
    await store.receive(.path(.element(id: 1, action: .password(.signInResponse(.success(session())))))) {
      $0.path[id: 1] = .password(SignInPasswordFeature.State(username: "new_artist", isNewAccount: true))
    }
    await store.receive(.path(.element(id: 1, action: .password(.delegate(.signedIn(session())))))) {
      $0.path.removeAll()
      $0.home = HomeFeature.State(session: session())
    }
    await store.receive(.home(.presented(.view(.task))))
    await store.receive(.home(.presented(.room(.view(.task))))) {
      $0.home?.room.feed.isLoading = true
      $0.home?.room.feed.isLive = true
    }
    await store.finish()
    #expect(
      requests.withLock { $0 }
        == [SignUpRequest(username: "new_artist", password: "a-new-password", role: .artist)])
  }

  @Test func launch_userNamedWithNoSavedSession_checksItsIDAndAsksItsPassword() async {
    let store = TestStore(initialState: ArtiAppFeature.State(user: "taeyeon")) {
      ArtiAppFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { nil }
      $0.authClient.checkExistAccount = { $0 == "taeyeon" }
    }
    await store.send(.view(.task)) {
      $0.isRestoring = true
    }
    await store.receive(.restoreResponse(.success(nil))) {
      $0.isRestoring = false
      $0.path.append(.username(SignInUsernameFeature.State()))
    }
    await store.receive(.path(.element(id: 0, action: .username(.view(.usernameSubmitted("taeyeon")))))) {
      $0.path[id: 0] = .username(
        SignInUsernameFeature.State(username: "taeyeon", inputState: .checking, isSubmitted: true))
    }
    await store.receive(\.path[id: 0].username.checkResponse) {
      $0.path[id: 0] = .username(SignInUsernameFeature.State(username: "taeyeon", inputState: .ok))
    }
    await store.receive(.path(.element(id: 0, action: .username(.delegate(.proceed(username: "taeyeon")))))) {
      $0.path.append(.password(SignInPasswordFeature.State(username: "taeyeon")))
    }
  }

  @Test func back_fromPasswordThenUsername_returnsToTheIntro() async {
    let store = TestStore(
      initialState: ArtiAppFeature.State(
        path: StackState([
          .username(SignInUsernameFeature.State(username: "iu_official", inputState: .ok)),
          .password(SignInPasswordFeature.State(username: "iu_official")),
        ]))
    ) {
      ArtiAppFeature()
    }
    await store.send(.path(.element(id: 1, action: .password(.view(.backTapped)))))
    await store.receive(.path(.element(id: 1, action: .password(.delegate(.back))))) {
      $0.path.removeLast()
    }
    await store.send(.path(.element(id: 0, action: .username(.view(.backTapped)))))
    await store.receive(.path(.element(id: 0, action: .username(.delegate(.back))))) {
      $0.path.removeLast()
    }
    #expect(store.state.path.isEmpty)
  }

  @Test func signOut_fromProfile_stopsTheRoomAndReturnsToTheIntro() async {
    let (updates, _) = AsyncThrowingStream.makeStream(of: RoomUpdate.self)
    let store = TestStore(
      initialState: ArtiAppFeature.State(
        home: HomeFeature.State(
          session: session(),
          room: Room.State(artistId: 1, outbox: Outbox(kind: .broadcast), feed: RoomFeed(hasLoaded: true)),
          profile: ProfileFeature.State(profile: artistProfile)))
    ) {
      ArtiAppFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in updates }
      $0.artistClient.followActivity = { AsyncThrowingStream { _ in } }
      $0.authClient.signOut = {}
    }

    // The room is open and waiting for replies that never come.
    await store.send(.home(.presented(.view(.task))))
    await store.receive(.home(.presented(.room(.view(.task))))) {
      $0.home?.room.feed.isLoading = true
      $0.home?.room.feed.isLive = true
    }
    await store.send(.home(.presented(.view(.tabSelected(.profile))))) {
      $0.home?.tab = .profile
    }
    await store.receive(.home(.presented(.room(.view(.disappeared))))) {
      $0.home?.room.feed.isLoading = false
      $0.home?.room.feed.isLive = false
    }
    await store.receive(.home(.presented(.profile(.view(.task)))))
    await store.send(.home(.presented(.view(.tabSelected(.room))))) {
      $0.home?.tab = .room
    }
    await store.receive(.home(.presented(.room(.view(.task))))) {
      $0.home?.room.feed.isLoading = true
      $0.home?.room.feed.isLive = true
    }
    await store.send(.home(.presented(.profile(.view(.signOutTapped))))) {
      $0.home?.profile.confirmationDialog = ProfileFeature.signOutConfirmation
    }
    await store.send(.home(.presented(.profile(.confirmationDialog(.presented(.confirmSignOut)))))) {
      $0.home?.profile.confirmationDialog = nil
      $0.home?.profile.isSigningOut = true
    }
    await store.receive(.home(.presented(.profile(.signOutResponse(nil))))) {
      $0.home?.profile.isSigningOut = false
    }
    await store.receive(.home(.presented(.profile(.delegate(.signedOut))))) {
      $0.home = nil
      $0.notice = "You signed out."
    }
    // Dismissing home cancelled the room's subscription.
    await store.finish()
  }
}

@MainActor
struct ArtiAppSessionEndTests {
  @Test func serverEndsSession_afterLaunchHome_returnsToTheIntroSayingSoAndStopsListening() async {
    let (reasons, continuation) = AsyncStream<String>.makeStream()
    let ended = Mutex(false)
    continuation.onTermination = { _ in ended.withLock { $0 = true } }
    let store = TestStore(initialState: ArtiAppFeature.State()) {
      ArtiAppFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { session() }
      $0.authClient.sessionEnded = { reasons }
      $0.messageClient.followRoom = { _, _ in AsyncThrowingStream { $0.yield(.loaded([], hasOlder: false)) } }
    }
    await store.send(.view(.task)) { $0.isRestoring = true }
    await store.receive(.restoreResponse(.success(session()))) {
      $0.isRestoring = false
      $0.home = HomeFeature.State(session: session())
    }
    await store.receive(.home(.presented(.view(.task))))
    await store.receive(.home(.presented(.room(.view(.task))))) {
      $0.home?.room.feed.isLoading = true
      $0.home?.room.feed.isLive = true
    }
    await store.receive(.home(.presented(.room(.roomUpdated(.loaded([], hasOlder: false)))))) {
      $0.home?.room.feed.isLoading = false
      $0.home?.room.feed.hasLoaded = true
    }
    // Any call answered 401 feeds the signal, whichever tab made it.
    continuation.yield("")
    await store.receive(.sessionEnded("")) {
      $0.home = nil
      $0.notice = "Your session has ended. Sign in again."
    }
    // Dismissing home cancelled the room's subscription; the signal's listener stopped too.
    await store.finish()
    #expect(ended.withLock { $0 })
  }

  @Test func otherFailures_keepTheArtistHome() async {
    let store = TestStore(
      initialState: ArtiAppFeature.State(
        home: HomeFeature.State(
          session: session(), room: Room.State(artistId: 1, outbox: Outbox(kind: .broadcast))))
    ) {
      ArtiAppFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in
        AsyncThrowingStream {
          $0.finish(throwing: APIError.rejected(code: "not_found", message: "No such artist."))
        }
      }
    }
    await store.send(.home(.presented(.room(.view(.task))))) {
      $0.home?.room.feed.isLoading = true
      $0.home?.room.feed.isLive = true
    }
    await store.receive(
      .home(.presented(.room(.roomFailed(.rejected(code: "not_found", message: "No such artist.")))))
    ) {
      $0.home?.room.feed.isLoading = false
      $0.home?.room.feed.isLive = false
      $0.home?.room.feed.failure = "Could not load the room: No such artist."
    }
  }
}

@MainActor
struct HomeFeatureTests {
  @Test func profileSaved_newDisplayNameShowsInTheHeader() async {
    var renamed = artistProfile
    renamed.displayName = "IU"
    let store = TestStore(
      initialState: HomeFeature.State(
        session: session(), tab: .profile,
        profile: ProfileFeature.State(
          profile: artistProfile, editor: ProfileFeature.Editor(displayName: "IU", statusMessage: "")))
    ) {
      HomeFeature()
    } withDependencies: { [renamed] in
      $0.profileClient.update = { _ in renamed }
    }
    await store.send(.profile(.view(.saveTapped))) {
      $0.profile.isSaving = true
    }
    await store.receive(.profile(.saveResponse(.success(renamed)))) {
      $0.profile.isSaving = false
      $0.profile.profile = renamed
      $0.profile.editor = nil
      $0.profile.didSave = true
      $0.session.account.displayName = "IU"
    }
  }
}
