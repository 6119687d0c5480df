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
struct RoomDeletionTests {
  /// The artist's room with two broadcasts and a fan's reply, as read.
  func artistRoom() -> Room.State {
    Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(
        messages: [
          message(1, "Rehearsal today", kind: .broadcast), message(2, "Fighting!"),
          message(3, "Concert on the 23th", kind: .broadcast),
        ], hasLoaded: true, isLive: true))
  }

  @Test func deleteTapped_asksFirst_thenConfirmedDeletesOnTheServerAndDropsTheMessage() async {
    let deleted = Mutex<[MessageID]>([])
    let store = TestStore(initialState: artistRoom()) {
      Room()
    } withDependencies: {
      $0.messageClient.deleteMessage = { room, id in
        #expect(room == artistID)
        deleted.withLock { $0.append(id) }
      }
    }
    await store.send(.view(.deleteTapped(nil))) {
      $0.deleting = message(3, "Concert on the 23th", kind: .broadcast)
    }
    #expect(deleted.withLock { $0 }.isEmpty, "nothing is deleted before the reader confirms")
    await store.send(.view(.deleteConfirmed)) {
      $0.deleting = nil
    }
    await store.receive(.deleteResponse(.success(3))) {
      $0.feed.messages.removeLast()
    }
    #expect(deleted.withLock { $0 } == [3])
  }

  @Test func deleteCancelled_keepsTheMessage_andSomeoneElsesMessageIsNotAsked() async {
    let store = TestStore(initialState: artistRoom()) { Room() }
    await store.send(.view(.deleteTapped(1))) {
      $0.deleting = message(1, "Rehearsal today", kind: .broadcast)
    }
    await store.send(.view(.deleteCancelled)) {
      $0.deleting = nil
    }
    // The fan's reply is the fan's to delete, not the artist's.
    await store.send(.view(.deleteTapped(2))) {
      $0.deletionFailure = "That message is not one of yours here."
    }
    await store.send(.view(.deleteConfirmed))
  }

  @Test func deleteTappedWithoutId_whenTheReaderWroteNothingHere_saysSo() async {
    var room = artistRoom()
    room.sender = 8
    let store = TestStore(initialState: room) { Room() }
    await store.send(.view(.deleteTapped(nil))) {
      $0.deletionFailure = "You have no message here to delete."
    }
  }

  @Test func deleteFails_saysWhy_andKeepsTheMessage() async {
    let store = TestStore(initialState: artistRoom()) {
      Room()
    } withDependencies: {
      $0.messageClient.deleteMessage = { _, _ in throw APIError.timeout }
    }
    await store.send(.view(.deleteTapped(1))) {
      $0.deleting = message(1, "Rehearsal today", kind: .broadcast)
    }
    await store.send(.view(.deleteConfirmed)) {
      $0.deleting = nil
    }
    await store.receive(.deleteResponse(.failure(.timeout))) {
      $0.deletionFailure = "Could not delete the message: \(APIError.timeout.message)"
    }
  }

  @Test func tombstoneWhileFollowing_dropsTheMessage_andAnUnknownIdChangesNothing() async {
    let (updates, server) = AsyncThrowingStream.makeStream(of: RoomUpdate.self)
    let store = TestStore(
      initialState: Room.State(artistId: artistID, sender: 7, outbox: Outbox(kind: .reply))
    ) {
      Room()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in updates }
    }
    await store.send(.view(.task)) {
      $0.feed.isLoading = true
      $0.feed.isLive = true
    }
    let room = [message(1, "Hello", kind: .broadcast), message(2, "Hi")]
    server.yield(.loaded(room, hasOlder: false))
    await store.receive(.roomUpdated(.loaded(room, hasOlder: false))) {
      $0.feed.isLoading = false
      $0.feed.hasLoaded = true
      $0.feed.messages = room
    }
    server.yield(.deleted([1, 99]))
    await store.receive(.roomUpdated(.deleted([1, 99]))) {
      $0.feed.messages = [message(2, "Hi")]
    }
    await store.send(.view(.disappeared)) {
      $0.feed.isLive = false
    }
    await store.finish()
  }
}
