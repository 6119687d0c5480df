import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanRoom
import MessageClient
import MessageDataModels
import MessageRoom
import Synchronization
import Testing

private func broadcasts(_ ids: ClosedRange<Int64>) -> [Message] {
  ids.map { Message.broadcast(MessageID($0), "message \($0)") }
}

@MainActor
struct RoomPagingTests {
  private func loadedRoom(_ ids: ClosedRange<Int64>, hasOlder: Bool) -> RoomFeature.State {
    var state = RoomFeature.State.iuRoom(broadcasts(ids))
    state.room.feed.hasLoaded = true
    state.room.feed.hasOlder = hasOlder
    return state
  }

  @Test func olderTapped_readsThePageBeforeTheOldestRead_andKeepsItAbove() async {
    let asked = Mutex<[MessageID?]>([])
    let store = TestStore(initialState: loadedRoom(101...140, hasOlder: true)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.olderMessages = { artistId, before in
        #expect(artistId == 1)
        asked.withLock { $0.append(before) }
        return HistoryPage(messages: broadcasts(1...100), hasOlder: false)
      }
    }

    await store.send(.room(.view(.olderTapped))) { $0.room.feed.isLoadingOlder = true }
    await store.receive(
      .room(.olderResponse(.success(HistoryPage(messages: broadcasts(1...100), hasOlder: false))))
    ) {
      $0.room.feed.messages = broadcasts(1...140)
      $0.room.feed.isLoadingOlder = false
      $0.room.feed.hasOlder = false
    }
    #expect(asked.withLock { $0 } == [101])
  }

  @Test func olderTapped_atTheStartOfTheRoom_doesNothing() async {
    let store = TestStore(initialState: loadedRoom(1...5, hasOlder: false)) { RoomFeature() }

    await store.send(.room(.view(.olderTapped)))
  }

  @Test func olderTapped_serverFails_explainsAndOlderTriesAgain() async {
    let attempts = Mutex(0)
    let store = TestStore(initialState: loadedRoom(11...15, hasOlder: true)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.olderMessages = { _, _ in
        let attempt = attempts.withLock { count in
          count += 1
          return count
        }
        if attempt == 1 { throw APIError.timeout }
        return HistoryPage(messages: broadcasts(1...10), hasOlder: false)
      }
    }

    await store.send(.room(.view(.olderTapped))) { $0.room.feed.isLoadingOlder = true }
    await store.receive(.room(.olderResponse(.failure(.timeout)))) {
      $0.room.feed.isLoadingOlder = false
      $0.room.feed.olderFailure = "Could not load older messages: \(APIError.timeout.message)"
    }
    await store.send(.room(.view(.olderTapped))) {
      $0.room.feed.isLoadingOlder = true
      $0.room.feed.olderFailure = nil
    }
    await store.receive(
      .room(.olderResponse(.success(HistoryPage(messages: broadcasts(1...10), hasOlder: false))))
    ) {
      $0.room.feed.messages = broadcasts(1...15)
      $0.room.feed.isLoadingOlder = false
      $0.room.feed.hasOlder = false
    }
  }

  @Test func backTapped_whileReadingOlder_stopsReading() async {
    let (gate, opened) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: loadedRoom(11...15, hasOlder: true)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.olderMessages = { _, _ in
        for await _ in gate {}
        throw APIError.cancelled
      }
    }

    await store.send(.room(.view(.olderTapped))) { $0.room.feed.isLoadingOlder = true }
    await store.send(.view(.backTapped))
    await store.receive(.delegate(.close))
    opened.finish()
  }
}
