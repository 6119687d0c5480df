import ArtistClient
import ArtistDataModels
import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanArtistList
import FanCoordinator
import FanProfile
import FanRoom
import FanSignIn
import MessageClient
import MessageDataModels
import MessageRoom
import ProfileClient
import ProfileDataModels
import Synchronization
import Testing

@MainActor
struct FanAppSignInFlowTests {
  @Test func launch_storedSession_opensArtistList() async {
    let store = TestStore(initialState: FanAppFeature.State()) {
      FanAppFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { .minji }
      $0.authClient.sessionEnded = { AsyncStream { $0.finish() } }
      $0.artistClient.followActivity = { AsyncThrowingStream { $0.finish() } }
      $0.artistClient.artists = { [.iu(unread: 2)] }
    }

    await store.send(.signIn(.view(.task))) { $0.signIn?.isWorking = true }
    await store.receive(.signIn(.restoreResponse(.success(.minji)))) { $0.signIn?.isWorking = false }
    await store.receive(.signIn(.delegate(.signedIn(.minji)))) {
      $0.signIn = nil
      $0.account = Session.minji.account
      $0.artists = ArtistListFeature.State()
    }
    await store.receive(.artists(.view(.task))) { $0.artists?.isLoading = true }
    await store.receive(.artists(.artistsResponse(.success([.iu(unread: 2)])))) {
      $0.artists?.isLoading = false
      $0.artists?.artists = [.iu(unread: 2)]
    }
  }

  @Test func launch_noSession_signInWithPassword_opensArtistList() async {
    let store = TestStore(initialState: FanAppFeature.State()) {
      FanAppFeature()
    } withDependencies: {
      $0.authClient.restoreSession = { nil }
      $0.authClient.checkExistAccount = { _ in true }
      $0.authClient.signIn = { _, _ in .minji }
      $0.authClient.sessionEnded = { AsyncStream { $0.finish() } }
      $0.artistClient.followActivity = { AsyncThrowingStream { $0.finish() } }
      $0.artistClient.artists = { [] }
    }

    await store.send(.signIn(.view(.task))) { $0.signIn?.isWorking = true }
    await store.receive(.signIn(.restoreResponse(.success(nil)))) {
      $0.signIn?.isWorking = false
      $0.signIn?.step = .username
    }
    await store.send(.signIn(.view(.usernameSubmitted("minji_fan")))) {
      $0.signIn?.username = "minji_fan"
      $0.signIn?.isWorking = true
    }
    await store.receive(.signIn(.usernameChecked(.success(true)))) {
      $0.signIn?.isWorking = false
      $0.signIn?.step = .password
    }
    await store.send(.signIn(.view(.passwordSubmitted("fromm-demo-1")))) { $0.signIn?.isWorking = true }
    await store.receive(.signIn(.authResponse(.success(.minji)))) { $0.signIn?.isWorking = false }
    await store.receive(.signIn(.delegate(.signedIn(.minji)))) {
      $0.signIn = nil
      $0.account = Session.minji.account
      $0.artists = ArtistListFeature.State()
    }
    await store.receive(.artists(.view(.task))) { $0.artists?.isLoading = true }
    await store.receive(.artists(.artistsResponse(.success([])))) { $0.artists?.isLoading = false }
  }
}

@MainActor
struct FanAppNavigationTests {
  static func signedIn(unread: Int = 2) -> FanAppFeature.State {
    FanAppFeature.State(
      signIn: nil, account: Session.minji.account,
      artists: ArtistListFeature.State(artists: [.iu(unread: unread)]))
  }

  @Test func openRoom_readsMessages_theListShowsTheRoomReadAtOnce_leavingStopsFollowing() async {
    let (updates, continuation) = AsyncThrowingStream<RoomUpdate, any Error>.makeStream()
    let store = TestStore(initialState: Self.signedIn()) {
      FanAppFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in updates }
      $0.artistClient.followActivity = { AsyncThrowingStream { $0.finish() } }
    }

    await store.send(.artists(.view(.openTapped(1))))
    await store.receive(.artists(.delegate(.openRoom(.iu(unread: 2))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5, unreadCount: Shared(value: 2)
        ))
    }
    await store.receive(.destination(.presented(.room(.room(.view(.task)))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(isLoading: true, isLive: true), unreadCount: Shared(value: 2)))
    }
    continuation.yield(.loaded([.hello], hasOlder: false))
    // The room and the list share the unread count: reading the room clears the list's badge.
    await store.receive(
      .destination(.presented(.room(.room(.roomUpdated(.loaded([.hello], hasOlder: false))))))
    ) {
      $0.artists?.artists[id: 1]?.unreadCount = 0
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(messages: [.hello], hasLoaded: true, isLive: true), unreadCount: Shared(value: 0)))
    }

    await store.send(.destination(.presented(.room(.view(.backTapped))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(messages: [.hello], hasLoaded: true)))
    }
    // Nothing to reload: the list already shows the room read.
    await store.receive(.destination(.presented(.room(.delegate(.close))))) { $0.destination = nil }
    await store.receive(.artists(.view(.shownAgain)))
    #expect(store.state.artists?.artists[id: 1]?.unreadCount == 0)
    continuation.finish()
  }

  @Test func roomDismissed_cancelsItsPolling() async {
    let (updates, continuation) = AsyncThrowingStream<RoomUpdate, any Error>.makeStream()
    let ended = Mutex(false)
    continuation.onTermination = { _ in ended.withLock { $0 = true } }
    let room = RoomFeature.State(
      artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
      feed: RoomFeed(messages: [.hello], hasLoaded: true))
    var state = Self.signedIn()
    state.destination = .room(room)
    let store = TestStore(initialState: state) {
      FanAppFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, after in
        #expect(after == 1)
        return updates
      }
      $0.artistClient.followActivity = { AsyncThrowingStream { $0.finish() } }
    }

    await store.send(.destination(.presented(.room(.room(.view(.reloadTapped)))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(messages: [.hello], hasLoaded: true, isLoading: true, isLive: true)))
    }
    continuation.yield(.loaded([], hasOlder: false))
    await store.receive(.destination(.presented(.room(.room(.roomUpdated(.loaded([], hasOlder: false))))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(messages: [.hello], hasLoaded: true, isLive: true)))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.receive(.artists(.view(.shownAgain)))
    #expect(ended.withLock { $0 })
  }

  @Test func signedIn_serverEndsSession_returnsToSignInSayingWhyAndStopsListening() async {
    let (reasons, continuation) = AsyncStream<String>.makeStream()
    let ended = Mutex(false)
    continuation.onTermination = { _ in ended.withLock { $0 = true } }
    let store = TestStore(initialState: FanAppFeature.State()) {
      FanAppFeature()
    } withDependencies: {
      $0.authClient.sessionEnded = { reasons }
      $0.artistClient.followActivity = { AsyncThrowingStream { $0.finish() } }
      $0.artistClient.artists = { [] }
    }

    await store.send(.signIn(.delegate(.signedIn(.minji)))) {
      $0.signIn = nil
      $0.account = Session.minji.account
      $0.artists = ArtistListFeature.State()
    }
    await store.receive(.artists(.view(.task))) { $0.artists?.isLoading = true }
    await store.receive(.artists(.artistsResponse(.success([])))) { $0.artists?.isLoading = false }
    // Any call answered 401 feeds the signal, whichever screen made it.
    continuation.yield("Session expired")
    await store.receive(.sessionEnded("Session expired")) {
      $0 = FanAppFeature.State(
        signIn: SignInFeature.State(step: .username, error: "Session expired. (You were signed out.)"))
    }
    #expect(ended.withLock { $0 })
  }

  @Test func sessionEnded_whileReading_closesTheRoomAndReturnsToSignIn() async {
    var state = Self.signedIn()
    state.destination = .room(
      RoomFeature.State(
        artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
        feed: RoomFeed(messages: [.hello], hasLoaded: true)))
    let store = TestStore(initialState: state) { FanAppFeature() }

    await store.send(.sessionEnded("")) {
      $0 = FanAppFeature.State(
        signIn: SignInFeature.State(
          step: .username, error: "Your session has ended. Sign in again. (You were signed out.)"))
    }
  }

  @Test func profile_openAndBack_returnsToList() async {
    let store = TestStore(initialState: Self.signedIn()) {
      FanAppFeature()
    } withDependencies: {
      $0.profileClient.profile = { .minji }
    }

    await store.send(.artists(.view(.profileTapped)))
    await store.receive(.artists(.delegate(.openProfile))) {
      $0.destination = .profile(ProfileFeature.State(account: $0.$account))
    }
    await store.receive(.destination(.presented(.profile(.view(.task))))) {
      $0.destination = .profile(ProfileFeature.State(account: $0.$account, isLoading: true))
    }
    await store.receive(.destination(.presented(.profile(.profileResponse(.success(.minji)))))) {
      $0.destination = .profile(ProfileFeature.State(account: $0.$account, profile: .minji))
    }
    await store.send(.destination(.presented(.profile(.view(.backTapped)))))
    await store.receive(.destination(.presented(.profile(.delegate(.close))))) { $0.destination = nil }
  }

  @Test func profile_savedNickname_isShownAtOnceUnderTheList() async {
    var renamed = Profile.minji
    renamed.displayName = "Minji ♡ IU"
    let store = TestStore(
      initialState: FanAppFeature.State(
        signIn: nil, account: Session.minji.account,
        artists: ArtistListFeature.State(artists: [.iu(unread: 0)]))
    ) {
      FanAppFeature()
    } withDependencies: { [renamed] in
      $0.profileClient.profile = { .minji }
      $0.profileClient.update = { _ in renamed }
    }

    await store.send(.artists(.view(.profileTapped)))
    await store.receive(.artists(.delegate(.openProfile))) {
      $0.destination = .profile(ProfileFeature.State(account: $0.$account))
    }
    await store.receive(.destination(.presented(.profile(.view(.task))))) {
      $0.destination = .profile(ProfileFeature.State(account: $0.$account, isLoading: true))
    }
    await store.receive(.destination(.presented(.profile(.profileResponse(.success(.minji)))))) {
      $0.destination = .profile(ProfileFeature.State(account: $0.$account, profile: .minji))
    }
    await store.send(.destination(.presented(.profile(.view(.editTapped))))) {
      $0.destination = .profile(ProfileFeature.State(account: $0.$account, profile: .minji, isEditing: true))
    }
    await store.send(.destination(.presented(.profile(.view(.nicknameSubmitted("Minji ♡ IU")))))) {
      $0.destination = .profile(
        ProfileFeature.State(
          account: $0.$account, profile: .minji, isEditing: true, draft: "Minji ♡ IU", isSaving: true))
    }
    // The app's account is shared with the profile: "Signed in as …" shows the new nickname.
    await store.receive(.destination(.presented(.profile(.saveResponse(.success(renamed)))))) {
      $0.account?.displayName = "Minji ♡ IU"
      $0.destination = .profile(
        ProfileFeature.State(
          account: $0.$account, profile: renamed,
          notice: "Saved. Artists now see you as “Minji ♡ IU”."))
    }
  }

  @Test func profile_signOut_asksFirst_thenReturnsToSignInAskingForUsername() async {
    let store = TestStore(
      initialState: FanAppFeature.State(
        signIn: nil, account: Session.minji.account,
        artists: ArtistListFeature.State(artists: [.iu(unread: 0)]),
        destination: .profile(ProfileFeature.State(profile: .minji)))
    ) {
      FanAppFeature()
    } withDependencies: {
      $0.authClient.signOut = {}
    }

    await store.send(.destination(.presented(.profile(.view(.signOutTapped))))) {
      $0.destination = .profile(
        ProfileFeature.State(profile: .minji, confirmationDialog: ProfileFeature.signOutConfirmation))
    }
    await store.send(.destination(.presented(.profile(.confirmationDialog(.presented(.confirmSignOut)))))) {
      $0.destination = .profile(ProfileFeature.State(profile: .minji, isSigningOut: true))
    }
    await store.receive(.destination(.presented(.profile(.signOutResponse(nil))))) {
      $0.destination = .profile(ProfileFeature.State(profile: .minji))
    }
    await store.receive(.destination(.presented(.profile(.delegate(.signedOut))))) {
      $0 = FanAppFeature.State(signIn: SignInFeature.State(step: .username))
    }
  }
}
