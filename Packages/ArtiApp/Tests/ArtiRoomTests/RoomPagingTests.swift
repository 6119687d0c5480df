import ArtiAppTestSupport
import ArtiRoom
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import MessageClient
import MessageDataModels
import Synchronization
import Testing

private func replies(_ ids: ClosedRange<Int64>) -> [Message] {
  ids.map { message(MessageID(rawValue: $0), "reply \($0)") }
}

@MainActor
struct RoomPagingTests {
  private func loadedRoom(_ ids: ClosedRange<Int64>, hasOlder: Bool) -> RoomFeature.State {
    RoomFeature.State(
      artistId: artistID, room: RoomFeed(messages: replies(ids), hasLoaded: true, hasOlder: hasOlder))
  }

  @Test func olderTapped_reachingTheOldestRead_readsThePageBeforeAndShowsItsNewest() async {
    let asked = Mutex<[MessageID?]>([])
    let store = TestStore(initialState: loadedRoom(101...140, hasOlder: true)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.olderMessages = { id, before in
        #expect(id == artistID)
        asked.withLock { $0.append(before) }
        return HistoryPage(messages: replies(1...100), hasOlder: true)
      }
    }

    await store.send(.view(.olderTapped)) {
      $0.room.scrolledBack = 10
      $0.room.isLoadingOlder = true
    }
    await store.receive(.olderResponse(.success(HistoryPage(messages: replies(1...100), hasOlder: true)))) {
      $0.room.messages = replies(1...140)
      $0.room.isLoadingOlder = false
      $0.room.scrolledBack = 20
    }
    #expect(asked.withLock { $0 } == [101])
  }

  @Test func olderTapped_serverFails_explainsWithTheCommandThatTriesAgain() async {
    let store = TestStore(initialState: loadedRoom(11...15, hasOlder: true)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.olderMessages = { _, _ in throw APIError.unreachable("local") }
    }

    await store.send(.view(.olderTapped)) { $0.room.isLoadingOlder = true }
    await store.receive(.olderResponse(.failure(.unreachable("local")))) {
      $0.room.isLoadingOlder = false
      $0.room.olderFailure = "Could not load older messages: \(APIError.unreachable("local").message)"
    }
  }

  @Test func newRepliesWhilePagedBack_areCountedUntilPagedTo() async {
    var state = loadedRoom(1...40, hasOlder: false)
    state.room.isLive = true
    let store = TestStore(initialState: state) { RoomFeature() }

    await store.send(.view(.olderTapped)) { $0.room.scrolledBack = 10 }
    await store.send(.roomUpdated(.messages(replies(41...41)))) {
      $0.room.messages = replies(1...41)
      $0.room.scrolledBack = 11
      $0.room.newBelow = 1
    }
    await store.send(.view(.newerTapped)) {
      $0.room.scrolledBack = 1
      $0.room.newBelow = 1
    }
    await store.send(.view(.newerTapped)) {
      $0.room.scrolledBack = 0
      $0.room.newBelow = 0
    }
  }

  @Test func disappeared_whileReadingOlder_stopsReading() async {
    let (gate, opened) = AsyncStream<Void>.makeStream()
    let store = TestStore(initialState: loadedRoom(11...15, hasOlder: true)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.olderMessages = { _, _ in
        for await _ in gate {}
        throw APIError.cancelled
      }
    }

    await store.send(.view(.olderTapped)) { $0.room.isLoadingOlder = true }
    await store.send(.view(.disappeared))
    opened.finish()
  }
}
