import ArtistClient
import ArtistDataModels
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanArtistList
import FanCoordinator
import FanRoom
import FanSignIn
import MessageClient
import MessageDataModels
import MessageRoom
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
      destination: .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          unreadCount: list.$artists[dynamicMember: \.[unreadCountOf: 1]])))
  }

  static func changed(_ artist: AccountID, unread: Int) -> ArtistListFeature.Action {
    .activityUpdated(
      .changed([RoomActivity(artistId: artist, newestMessageId: 20, newMessageCount: 1, unreadCount: unread)])
    )
  }

  @Test func onTheList_newMessage_updatesTheCount() async {
    var state = Self.inIUsRoom()
    state.destination = nil
    let store = TestStore(initialState: state) { FanAppFeature() }

    await store.send(.artists(Self.changed(2, unread: 3))) {
      $0.artists?.artists[id: 2]?.unreadCount = 3
    }
  }

  @Test func roomOpen_theListStopsFollowing_leavingFollowsAgainFromAFreshRead() async {
    let activityCalls = Mutex(0)
    let (firstActivity, firstContinuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let (laterActivity, laterContinuation) = AsyncThrowingStream<ActivityUpdate, any Error>.makeStream()
    let firstEnded = Mutex(false)
    firstContinuation.onTermination = { _ in firstEnded.withLock { $0 = true } }
    let (room, roomContinuation) = AsyncThrowingStream<RoomUpdate, any Error>.makeStream()
    var state = Self.inIUsRoom()
    state.destination = nil
    let store = TestStore(initialState: state) {
      FanAppFeature()
    } withDependencies: {
      $0.artistClient.artists = { [.iu(unread: 0), .taeyeon(unread: 0)] }
      $0.artistClient.followActivity = {
        let call = activityCalls.withLock { calls in
          calls += 1
          return calls
        }
        return call == 1 ? firstActivity : laterActivity
      }
      $0.messageClient.followRoom = { _, _ in room }
    }

    await store.send(.artists(.view(.task))) { $0.artists?.isLoading = true }
    await store.receive(.artists(.artistsResponse(.success([.iu(unread: 0), .taeyeon(unread: 0)])))) {
      $0.artists?.isLoading = false
    }
    await store.send(.artists(.view(.openTapped(1))))
    await store.receive(.artists(.delegate(.openRoom(.iu(unread: 0))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5, unreadCount: Shared(value: 0)
        ))
    }
    await store.receive(.destination(.presented(.room(.room(.view(.task)))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(isLoading: true, isLive: true), unreadCount: Shared(value: 0)))
    }
    #expect(firstEnded.withLock { $0 })
    roomContinuation.yield(.loaded([], hasOlder: false))
    await store.receive(.destination(.presented(.room(.room(.roomUpdated(.loaded([], hasOlder: false))))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(hasLoaded: true, isLive: true), unreadCount: Shared(value: 0)))
    }

    // Every message reaches the app once, through the room.
    var messages: [Message] = []
    for id: Int64 in 1...3 {
      let message = Message.broadcast(MessageID(rawValue: id), "\(id)")
      roomContinuation.yield(.messages([message]))
      messages.append(message)
      await store.receive(.destination(.presented(.room(.room(.roomUpdated(.messages([message]))))))) {
        $0.destination = .room(
          RoomFeature.State(
            artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
            feed: RoomFeed(messages: messages, hasLoaded: true, isLive: true),
            unreadCount: Shared(value: 0)))
      }
    }
    #expect(activityCalls.withLock { $0 } == 1)

    await store.send(.destination(.presented(.room(.view(.backTapped))))) {
      $0.destination = .room(
        RoomFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(messages: messages, hasLoaded: true),
          unreadCount: Shared(value: 0)))
    }
    await store.receive(.destination(.presented(.room(.delegate(.close))))) { $0.destination = nil }
    await store.receive(.artists(.view(.shownAgain)))
    // TAEYEON broadcast while IU's room was open: the fresh read brings her count.
    let taeyeonsRoom = RoomActivity(artistId: 2, newestMessageId: 40, newMessageCount: 1, unreadCount: 1)
    laterContinuation.yield(.loaded([taeyeonsRoom]))
    await store.receive(.artists(.activityUpdated(.loaded([taeyeonsRoom])))) {
      $0.artists?.artists[id: 2]?.unreadCount = 1
    }
    #expect(activityCalls.withLock { $0 } == 2)
    roomContinuation.finish()
    laterContinuation.finish()
    await store.finish()
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
    #expect(!ended.withLock { $0 })
    reasonContinuation.yield("Session expired")
    await store.receive(.sessionEnded("Session expired")) {
      $0 = FanAppFeature.State(
        signIn: SignInFeature.State(step: .username, error: "Session expired. (You were signed out.)"))
    }
    #expect(ended.withLock { $0 })
  }
}
