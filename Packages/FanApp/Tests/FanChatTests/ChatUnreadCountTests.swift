import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanChat
import MessageClient
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

    await store.send(.view(.task)) {
      $0.room.isLoading = true
      $0.room.isLive = true
    }
    continuation.yield(.loaded([.broadcast(1, "안녕")], hasOlder: false))
    await store.receive(.roomUpdated(.loaded([.broadcast(1, "안녕")], hasOlder: false))) {
      $0.room.isLoading = false
      $0.room.hasLoaded = true
      $0.room.messages = [.broadcast(1, "안녕")]
      $0.unreadCount = 0
    }
    #expect(listsCount.wrappedValue == 0)
    await store.send(.view(.backTapped)) { $0.room.isLive = false }
    await store.receive(.delegate(.close))
  }
}
