import ArtiAppTestSupport
import ArtiCoordinator
import ArtiFans
import ArtistClient
import ArtistDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import MessageClient
import MessageRoom
import Synchronization
import Testing

@MainActor
struct HomeFansTabTests {
  @Test func fansTab_readsSubscribersFollowsTheRoomThereAndCountsNewReplies_andLeavingItStopsFollowing() async
  {
    let follows = Mutex<[AsyncThrowingStream<RoomUpdate, any Error>.Continuation]>([])
    let (news, newsArrive) = AsyncThrowingStream.makeStream(of: ActivityUpdate.self)
    let store = TestStore(
      initialState: HomeFeature.State(
        session: session(),
        room: Room.State(artistId: 1, outbox: Outbox(kind: .broadcast), feed: RoomFeed(hasLoaded: true)))
    ) {
      HomeFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in
        let (updates, continuation) = AsyncThrowingStream.makeStream(of: RoomUpdate.self)
        follows.withLock { $0.append(continuation) }
        return updates
      }
      $0.artistClient.followActivity = { news }
      $0.artistClient.subscribers = { artistId in
        #expect(artistId == 1)
        return [minji]
      }
    }

    await store.send(.view(.task))
    await store.receive(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    await store.send(.view(.tabSelected(.fans))) { $0.tab = .fans }
    await store.receive(.room(.view(.disappeared))) {
      $0.room.feed.isLoading = false
      $0.room.feed.isLive = false
    }
    await store.receive(.fans(.view(.task))) {
      $0.fans.isLoadingSubscribers = true
      $0.fans.room.feed.isLoading = true
      $0.fans.room.feed.isLive = true
    }
    await store.receive(.fans(.subscribersResponse(.success([minji])))) {
      $0.fans.isLoadingSubscribers = false
      $0.fans.subscribers = [minji]
    }
    // Away from the room, the fans' new replies there are counted for the room's tab.
    let reply = RoomActivity(artistId: 1, newestMessageId: 9, newMessageCount: 2, unreadCount: 2)
    newsArrive.yield(.changed([reply]))
    await store.receive(.activityUpdated(.changed([reply]))) { $0.newReplies = 2 }
    await store.send(.view(.tabSelected(.room))) { $0.tab = .room }
    await store.receive(.fans(.view(.disappeared))) {
      $0.fans.room.feed.isLoading = false
      $0.fans.room.feed.isLive = false
    }
    await store.receive(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    // The tab's count lasts until the room is read again.
    follows.withLock { $0[2] }.yield(.loaded([], hasOlder: false))
    await store.receive(.room(.roomUpdated(.loaded([], hasOlder: false)))) {
      $0.room.feed.isLoading = false
      $0.newReplies = 0
    }
    await store.send(.room(.view(.disappeared))) {
      $0.room.feed.isLoading = false
      $0.room.feed.isLive = false
    }
    await store.finish()
    #expect(follows.withLock { $0.count } == 3)
  }

  @Test func roomShownAgainAfterTwoReplies_marksTheFirstOfThemWhereUnreadStarts_untilLeft() async {
    let (updates, continuation) = AsyncThrowingStream.makeStream(of: RoomUpdate.self)
    let read = [broadcast(1, "공연 끝!"), reply(2, "최고", from: minji)]
    let store = TestStore(
      initialState: HomeFeature.State(
        session: session(), tab: .fans,
        room: Room.State(
          artistId: 1, outbox: Outbox(kind: .broadcast), feed: RoomFeed(messages: read, hasLoaded: true)),
        newReplies: 2)
    ) {
      HomeFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, cursor in
        #expect(cursor == 2)
        return updates
      }
    }
    let unread = [reply(3, "사랑해요", from: minji), reply(4, "또 와요", from: minji)]

    await store.send(.view(.tabSelected(.room))) { $0.tab = .room }
    await store.receive(.fans(.view(.disappeared)))
    await store.receive(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    continuation.yield(.loaded(unread, hasOlder: false))
    await store.receive(.room(.roomUpdated(.loaded(unread, hasOlder: false)))) {
      $0.room.feed.isLoading = false
      $0.room.feed.messages = read + unread
      $0.room.firstUnreadId = 3
      $0.newReplies = 0
    }
    // A reply arriving while the room is shown is read as it arrives: the mark stays.
    continuation.yield(.messages([reply(5, "!", from: minji)]))
    await store.receive(.room(.roomUpdated(.messages([reply(5, "!", from: minji)])))) {
      $0.room.feed.messages.append(reply(5, "!", from: minji))
    }
    // Leaving the room, its replies are read: the mark goes.
    await store.send(.room(.view(.disappeared))) {
      $0.room.feed.isLive = false
      $0.room.firstUnreadId = nil
    }
    await store.finish()
  }
}
