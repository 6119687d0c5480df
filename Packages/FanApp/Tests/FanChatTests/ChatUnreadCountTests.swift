import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanChat
import MessageClient
import MessageRoom
import Testing

@MainActor
struct ChatUnreadCountTests {
  @Test func roomRead_setsTheSharedUnreadCountToZero_whereTheListReadsIt() async {
    let (updates, continuation) = AsyncThrowingStream<RoomUpdate, any Error>.makeStream()
    let listsCount = Shared(value: 3)
    let room = ChatFeature.State(
      artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5, unreadCount: listsCount)
    let store = TestStore(initialState: room) {
      ChatFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in updates }
    }

    await store.send(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    continuation.yield(.loaded([.broadcast(1, "안녕")], hasOlder: false))
    await store.receive(.room(.roomUpdated(.loaded([.broadcast(1, "안녕")], hasOlder: false)))) {
      $0.room.feed.isLoading = false
      $0.room.feed.hasLoaded = true
      $0.room.feed.messages = [.broadcast(1, "안녕")]
      $0.unreadCount = 0
    }
    #expect(listsCount.wrappedValue == 0)
    await store.send(.view(.backTapped)) { $0.room.feed.isLive = false }
    await store.receive(.delegate(.close))
  }
}
