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
    await store.send(.view(.tabSelected(.room))) {
      $0.tab = .room
      $0.newReplies = 0
    }
    await store.receive(.fans(.view(.disappeared))) {
      $0.fans.room.feed.isLoading = false
      $0.fans.room.feed.isLive = false
    }
    await store.receive(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    await store.send(.room(.view(.disappeared))) {
      $0.room.feed.isLoading = false
      $0.room.feed.isLive = false
    }
    await store.finish()
    #expect(follows.withLock { $0.count } == 3)
  }
}
