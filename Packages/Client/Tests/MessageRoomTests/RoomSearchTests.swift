import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import MessageClient
import MessageDataModels
import MessageRoom
import Synchronization
import Testing

@MainActor
struct RoomSearchTests {
  @Test func searchTapped_readsTheNewestMatches_olderPagesBack_andClosedReturnsToTheRoom() async {
    let asked = Mutex<[(String, MessageID?)]>([])
    let store = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    } withDependencies: {
      $0.messageClient.search = { room, text, before in
        #expect(room == artistID)
        asked.withLock { $0.append((text, before)) }
        return before == nil
          ? HistoryPage(
            messages: [message(5, "tour date"), message(9, "Tour news", kind: .broadcast)], hasOlder: true)
          : HistoryPage(messages: [message(2, "tour!")], hasOlder: false)
      }
    }
    await store.send(.view(.searchTapped("  tour "))) {
      $0.search = RoomSearch(text: "tour", isLoading: true)
    }
    await store.receive(
      .searchResponse(
        .success(
          HistoryPage(
            messages: [message(5, "tour date"), message(9, "Tour news", kind: .broadcast)], hasOlder: true)))
    ) {
      $0.search?.matches = [message(5, "tour date"), message(9, "Tour news", kind: .broadcast)]
      $0.search?.hasOlder = true
      $0.search?.isLoading = false
    }
    await store.send(.view(.olderMatchesTapped)) {
      $0.search?.isLoading = true
    }
    await store.receive(
      .searchResponse(.success(HistoryPage(messages: [message(2, "tour!")], hasOlder: false)))
    ) {
      $0.search?.matches.insert(message(2, "tour!"), at: 0)
      $0.search?.hasOlder = false
      $0.search?.isLoading = false
    }
    // Nothing older: nothing is asked.
    await store.send(.view(.olderMatchesTapped))
    await store.send(.view(.searchClosed)) {
      $0.search = nil
    }
    #expect(asked.withLock { $0.map(\.0) } == ["tour", "tour"])
    #expect(asked.withLock { $0.map(\.1) } == [nil, 5])
  }

  @Test func search_emptyTextOrAFailure_saysWhy() async {
    let store = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    } withDependencies: {
      $0.messageClient.search = { _, _, _ in throw APIError.timeout }
    }
    await store.send(.view(.searchTapped(" "))) {
      $0.search = RoomSearch(text: "", failure: "Nothing to find: the text is empty.")
    }
    await store.send(.view(.searchTapped("encore"))) {
      $0.search = RoomSearch(text: "encore", isLoading: true)
    }
    await store.receive(.searchResponse(.failure(.timeout))) {
      $0.search?.isLoading = false
      $0.search?.failure = "Could not search the room: \(APIError.timeout.message)"
    }
  }
}
