import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanRoom
import MessageClient
import MessageDataModels
import MessageRoom
import Testing

@MainActor
struct RoomUnreadCountTests {
  @Test func roomRead_setsTheSharedUnreadCountToZero_whereTheListReadsIt() async {
    let (updates, continuation) = AsyncThrowingStream<RoomUpdate, any Error>.makeStream()
    let listsCount = Shared(value: 3)
    let room = RoomFeature.State(
      artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5, unreadCount: listsCount)
    let store = TestStore(initialState: room) {
      RoomFeature()
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

  @Test func roomOpenedWithTwoUnread_marksTheSecondNewestBroadcastAsWhereUnreadStarts() async {
    let (updates, continuation) = AsyncThrowingStream<RoomUpdate, any Error>.makeStream()
    let room = RoomFeature.State(
      artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5, unreadCount: Shared(value: 2))
    let store = TestStore(initialState: room) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in updates }
    }
    let page: [Message] = [
      .broadcast(1, "old"), .broadcast(2, "first new"), .reply(3, "mine"), .broadcast(4, "second new"),
    ]

    await store.send(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    continuation.yield(.loaded(page, hasOlder: false))
    await store.receive(.room(.roomUpdated(.loaded(page, hasOlder: false)))) {
      $0.room.feed.isLoading = false
      $0.room.feed.hasLoaded = true
      $0.room.feed.messages = page
      $0.unreadCount = 0
      $0.room.firstUnreadId = 2
    }
    // A message arriving while the room is open is read as it arrives: the marker stays.
    continuation.yield(.messages([.broadcast(5, "live")]))
    await store.receive(.room(.roomUpdated(.messages([.broadcast(5, "live")])))) {
      $0.room.feed.messages.append(.broadcast(5, "live"))
    }
    continuation.finish()
    await store.finish()
  }

  @Test func artistRenamed_theNextMessageCarriesTheNameIntoTheHeader() async {
    let (updates, continuation) = AsyncThrowingStream<RoomUpdate, any Error>.makeStream()
    let store = TestStore(initialState: RoomFeature.State.iuRoom()) {
      RoomFeature()
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
    }
    var renamed = Message.broadcast(2, "new name, same me")
    renamed.senderDisplayName = "아이유"
    continuation.yield(.messages([renamed]))
    await store.receive(.room(.roomUpdated(.messages([renamed])))) {
      $0.room.feed.messages = [.broadcast(1, "안녕"), renamed]
      $0.room.feed.messages[0].senderDisplayName = "아이유"
      $0.artistName = "아이유"
    }
    continuation.finish()
    await store.finish()
  }
}
