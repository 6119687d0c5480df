import ArtistClient
import ArtistDataModels
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanArtistList
import FanChat
import FanCoordinator
import FanSignIn
import MessageClient
import Synchronization
import Testing

extension ArtistSummary {
  static func taeyeon(unread: Int) -> ArtistSummary {
    ArtistSummary(
      id: 2, username: "taeyeon", displayName: "TAEYEON", statusMessage: "", subscriberCount: 1,
      isSubscribed: true, unreadCount: unread, lastBroadcastAt: nil)
  }
}

@MainActor
struct FanAppLiveUpdateTests {
  /// Signed in, IU's room open over the list of IU and TAEYEON.
  static func inIUsRoom() -> FanAppFeature.State {
    let list = ArtistListFeature.State(artists: [.iu(unread: 0), .taeyeon(unread: 0)])
    return FanAppFeature.State(
      signIn: nil, account: Session.minji.account, artists: list,
      destination: .chat(
        ChatFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          unreadCount: list.$artists[dynamicMember: \.[unreadCountOf: 1]])))
  }

  static func changed(_ artist: AccountID, unread: Int) -> ArtistListFeature.Action {
    .activityUpdated(
      .changed([RoomActivity(artistId: artist, newestMessageId: 20, newMessageCount: 1, unreadCount: unread)])
    )
  }

  @Test func inARoom_newMessageInAnotherRoom_showsANoticeThatGoesAwayByItself() async {
    let clock = TestClock()
    let store = TestStore(initialState: Self.inIUsRoom()) {
      FanAppFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.artists(Self.changed(2, unread: 1))) {
      $0.artists?.artists[id: 2]?.unreadCount = 1
    }
    await store.receive(.artists(.delegate(.newMessages([.taeyeon(unread: 1)])))) {
      $0.newMessageNotice = FanAppFeature.NewMessageNotice(artistId: 2, artistName: "TAEYEON")
    }
    await clock.advance(by: FanAppFeature.newMessageNoticeDuration - .milliseconds(1))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.newMessageNoticeExpired) { $0.newMessageNotice = nil }
  }

  @Test func inARoom_newMessageInThatRoom_keepsItsCountAtZeroWithoutANotice() async {
    let store = TestStore(initialState: Self.inIUsRoom()) { FanAppFeature() }

    // The server counted the broadcast before the room fetched it; the room shows it anyway.
    await store.send(.artists(Self.changed(1, unread: 1))) {
      $0.artists?.artists[id: 1]?.unreadCount = 1
    }
    await store.receive(.artists(.delegate(.newMessages([.iu(unread: 1)])))) {
      $0.artists?.artists[id: 1]?.unreadCount = 0
    }
  }

  @Test func onTheList_newMessage_updatesTheCountWithoutANotice() async {
    var state = Self.inIUsRoom()
    state.destination = nil
    let store = TestStore(initialState: state) { FanAppFeature() }

    await store.send(.artists(Self.changed(2, unread: 3))) {
      $0.artists?.artists[id: 2]?.unreadCount = 3
    }
    await store.receive(.artists(.delegate(.newMessages([.taeyeon(unread: 3)]))))
  }

  @Test func leavingTheRoom_takesTheNoticeAwayAndStopsItsTimer() async {
    let clock = TestClock()
    let store = TestStore(initialState: Self.inIUsRoom()) {
      FanAppFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await store.send(.artists(Self.changed(2, unread: 1))) {
      $0.artists?.artists[id: 2]?.unreadCount = 1
    }
    await store.receive(.artists(.delegate(.newMessages([.taeyeon(unread: 1)])))) {
      $0.newMessageNotice = FanAppFeature.NewMessageNotice(artistId: 2, artistName: "TAEYEON")
    }
    await store.send(.destination(.presented(.chat(.delegate(.close))))) {
      $0.destination = nil
      $0.newMessageNotice = nil
    }
    await clock.advance(by: FanAppFeature.newMessageNoticeDuration)
  }

  @Test func signedIn_followsNewsUntilTheServerEndsTheSession() async {
    let (reasons, reasonContinuation) = AsyncStream<String>.makeStream()
    let (updates, continuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let ended = Mutex(false)
    continuation.onTermination = { _ in ended.withLock { $0 = true } }
    let store = TestStore(initialState: FanAppFeature.State()) {
      FanAppFeature()
    } withDependencies: {
      $0.authClient.sessionEnded = { reasons }
      $0.artistClient.artists = { [.iu(unread: 2)] }
      $0.artistClient.followActivity = { updates }
    }

    await store.send(.signIn(.delegate(.signedIn(.minji)))) {
      $0.signIn = nil
      $0.account = Session.minji.account
      $0.artists = ArtistListFeature.State()
    }
    await store.receive(.artists(.view(.task))) { $0.artists?.isLoading = true }
    await store.receive(.artists(.artistsResponse(.success([.iu(unread: 2)])))) {
      $0.artists?.isLoading = false
      $0.artists?.artists = [.iu(unread: 2)]
    }
    continuation.yield(
      .changed([RoomActivity(artistId: 1, newestMessageId: 9, newMessageCount: 1, unreadCount: 3)]))
    await store.receive(
      .artists(
        .activityUpdated(
          .changed([RoomActivity(artistId: 1, newestMessageId: 9, newMessageCount: 1, unreadCount: 3)])))
    ) {
      $0.artists?.artists[id: 1]?.unreadCount = 3
    }
    await store.receive(.artists(.delegate(.newMessages([.iu(unread: 3)]))))
    #expect(!ended.withLock { $0 })
    reasonContinuation.yield("Session expired")
    await store.receive(.sessionEnded("Session expired")) {
      $0 = FanAppFeature.State(
        signIn: SignInFeature.State(step: .username, error: "Session expired. (You were signed out.)"))
    }
    #expect(ended.withLock { $0 })
  }
}
