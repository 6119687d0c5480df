import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import MessageClient
import MessageDataModels
import MessageRoom
import Synchronization
import Testing

private func replies(_ ids: ClosedRange<Int64>) -> [Message] {
  ids.map { message(MessageID(rawValue: $0), "reply \($0)") }
}

@MainActor
struct RoomPagingTests {
  private func loadedRoom(_ ids: ClosedRange<Int64>, hasOlder: Bool) -> Room.State {
    Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(messages: replies(ids), hasLoaded: true, hasOlder: hasOlder))
  }

  @Test func olderTapped_readsThePageBeforeTheOldestRead_andKeepsItAbove() async {
    let asked = Mutex<[MessageID?]>([])
    let store = TestStore(initialState: loadedRoom(101...140, hasOlder: true)) {
      Room()
    } withDependencies: {
      $0.messageClient.olderMessages = { id, before in
        #expect(id == artistID)
        asked.withLock { $0.append(before) }
        return HistoryPage(messages: replies(1...100), hasOlder: true)
      }
    }

    await store.send(.view(.olderTapped)) { $0.feed.isLoadingOlder = true }
    await store.receive(.olderResponse(.success(HistoryPage(messages: replies(1...100), hasOlder: true)))) {
      $0.feed.messages = replies(1...140)
      $0.feed.isLoadingOlder = false
    }
    #expect(asked.withLock { $0 } == [101])
  }

  @Test func olderTapped_serverFails_explainsWithTheCommandThatTriesAgain() async {
    let store = TestStore(initialState: loadedRoom(11...15, hasOlder: true)) {
      Room()
    } withDependencies: {
      $0.messageClient.olderMessages = { _, _ in throw APIError.unreachable("local") }
    }

    await store.send(.view(.olderTapped)) { $0.feed.isLoadingOlder = true }
    await store.receive(.olderResponse(.failure(.unreachable("local")))) {
      $0.feed.isLoadingOlder = false
      $0.feed.olderFailure = "Could not load older messages: \(APIError.unreachable("local").message)"
    }
  }

  @Test func olderTapped_atTheStartOfTheRoom_asksNothing() async {
    let store = TestStore(initialState: loadedRoom(1...40, hasOlder: false)) { Room() }
    await store.send(.view(.olderTapped))
  }

  @Test func disappeared_whileReadingOlder_stopsReading() async {
    let (gate, opened) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: loadedRoom(11...15, hasOlder: true)) {
      Room()
    } withDependencies: {
      $0.messageClient.olderMessages = { _, _ in
        for await _ in gate {}
        throw APIError.cancelled
      }
    }

    await store.send(.view(.olderTapped)) { $0.feed.isLoadingOlder = true }
    await store.send(.view(.disappeared))
    opened.finish()
  }
}
