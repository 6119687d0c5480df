import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanRoom
import Foundation
import MessageClient
import MessageDataModels
import MessageRoom
import Synchronization
import Testing

@MainActor
struct RoomFeatureTests {
  @Test func task_followsTheRoomThenShowsNewMessagesUntilLeaving() async {
    let (updates, continuation) = AsyncThrowingStream<RoomUpdate, any Error>.makeStream()
    let ended = Mutex(false)
    continuation.onTermination = { _ in ended.withLock { $0 = true } }
    let store = TestStore(initialState: RoomFeature.State.iuRoom()) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { artistId, after in
        #expect(artistId == 1)
        #expect(after == nil)
        return updates
      }
    }

    await store.send(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    continuation.yield(
      .loaded([.broadcast(1, "안녕"), .reply(2, "Hi!"), .broadcast(3, "Concert soon")], hasOlder: false))
    await store.receive(
      .room(
        .roomUpdated(
          .loaded([.broadcast(1, "안녕"), .reply(2, "Hi!"), .broadcast(3, "Concert soon")], hasOlder: false)))
    ) {
      $0.room.feed.isLoading = false
      $0.room.feed.hasLoaded = true
      $0.room.feed.messages = [.broadcast(1, "안녕"), .reply(2, "Hi!"), .broadcast(3, "Concert soon")]
    }
    continuation.yield(.messages([.broadcast(4, "See you!")]))
    await store.receive(.room(.roomUpdated(.messages([.broadcast(4, "See you!")])))) {
      $0.room.feed.messages.append(.broadcast(4, "See you!"))
    }
    continuation.yield(.messages([.broadcast(4, "See you!"), .broadcast(5, "Bye")]))
    await store.receive(.room(.roomUpdated(.messages([.broadcast(4, "See you!"), .broadcast(5, "Bye")])))) {
      $0.room.feed.messages.append(.broadcast(5, "Bye"))
    }

    await store.send(.view(.backTapped)) { $0.room.feed.isLive = false }
    await store.receive(.delegate(.close))
    #expect(ended.withLock { $0 })
  }

  @Test func task_loadFails_explainsAndReloadFollowsFromTheNewestMessage() async {
    let attempts = Mutex<[MessageID?]>([])
    let store = TestStore(initialState: RoomFeature.State.iuRoom([.broadcast(1, "안녕")])) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, after in
        let attempt = attempts.withLock { cursors in
          cursors.append(after)
          return cursors.count
        }
        return AsyncThrowingStream { continuation in
          if attempt == 1 {
            continuation.finish(throwing: APIError.rejected(code: "forbidden", message: "Subscribe first."))
          } else {
            continuation.yield(.loaded([.broadcast(2, "Welcome back")], hasOlder: false))
            continuation.finish()
          }
        }
      }
    }

    await store.send(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    await store.receive(.room(.roomFailed(.rejected(code: "forbidden", message: "Subscribe first.")))) {
      $0.room.feed.isLoading = false
      $0.room.feed.isLive = false
      $0.room.feed.failure = "Could not load the room: Subscribe first."
    }
    await store.send(.room(.view(.reloadTapped))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
      $0.room.feed.failure = nil
    }
    await store.receive(.room(.roomUpdated(.loaded([.broadcast(2, "Welcome back")], hasOlder: false)))) {
      $0.room.feed.isLoading = false
      $0.room.feed.hasLoaded = true
      $0.room.feed.messages = [.broadcast(1, "안녕"), .broadcast(2, "Welcome back")]
    }
    #expect(attempts.withLock { $0 } == [1, 1])
  }

  @Test func followRoom_serverAwayThenBack_saysSoWhileTryingThenClears() async {
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
    continuation.yield(.interrupted(.unreachable("http://127.0.0.1:9"), retryIn: .seconds(4)))
    await store.receive(
      .room(.roomUpdated(.interrupted(.unreachable("http://127.0.0.1:9"), retryIn: .seconds(4))))
    ) {
      $0.room.feed.interruption =
        "New messages are not arriving: The server at http://127.0.0.1:9 cannot be reached. Check that it is running and try again. Still trying."
    }
    continuation.yield(.resumed)
    await store.receive(.room(.roomUpdated(.resumed))) { $0.room.feed.interruption = nil }
    continuation.yield(.loaded([.broadcast(1, "Back!")], hasOlder: false))
    await store.receive(.room(.roomUpdated(.loaded([.broadcast(1, "Back!")], hasOlder: false)))) {
      $0.room.feed.isLoading = false
      $0.room.feed.hasLoaded = true
      $0.room.feed.messages = [.broadcast(1, "Back!")]
    }

    await store.send(.view(.backTapped)) { $0.room.feed.isLive = false }
    await store.receive(.delegate(.close))
  }

  @Test func followRoom_failsAfterLoading_explainsHowToFollowAgain() async {
    let store = TestStore(initialState: RoomFeature.State.iuRoom()) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in
        AsyncThrowingStream {
          $0.yield(.loaded([], hasOlder: false))
          $0.finish(throwing: APIError.unauthorized(""))
        }
      }
    }

    await store.send(.room(.view(.task))) {
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    await store.receive(.room(.roomUpdated(.loaded([], hasOlder: false)))) {
      $0.room.feed.isLoading = false
      $0.room.feed.hasLoaded = true
    }
    await store.receive(.room(.roomFailed(.unauthorized("")))) {
      $0.room.feed.isLive = false
      $0.room.feed.failure =
        "New messages stopped arriving: Your session has ended. Sign in again."
    }
  }

  @Test func messagesArrivingOutOfOrderOrTwice_areShownOnceOldestFirst() async {
    let store = TestStore(initialState: RoomFeature.State.iuRoom([.broadcast(2, "b"), .broadcast(4, "d")])) {
      RoomFeature()
    }

    await store.send(
      .room(.roomUpdated(.messages([.broadcast(3, "c"), .broadcast(5, "e"), .broadcast(2, "b")])))
    ) {
      $0.room.feed.messages = [
        .broadcast(2, "b"), .broadcast(3, "c"), .broadcast(4, "d"), .broadcast(5, "e"),
      ]
    }
  }
}

@MainActor
struct RoomReplyTests {
  @Test func send_success_appendsReply() async {
    let store = TestStore(initialState: RoomFeature.State.iuRoom([.broadcast(1, "안녕")])) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.send = { artistId, text, _ in
        #expect(artistId == 1)
        return .reply(2, text)
      }
    }

    await store.send(.room(.view(.sendTapped("반가워요!")))) {
      $0.room.outbox = Outbox(kind: .reply, queue: [.init(text: "반가워요!", key: UUID(0))], isSending: true)
    }
    await store.receive(.room(.sendResponse(.success(.reply(2, "반가워요!"))))) {
      $0.room.outbox = Outbox(kind: .reply)
      $0.room.feed.messages.append(.reply(2, "반가워요!"))
    }
  }

  @Test func send_serverGone_keepsReplyAndRetrySendsIt() async {
    let attempts = Mutex(0)
    let store = TestStore(initialState: RoomFeature.State.iuRoom()) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.send = { _, text, _ in
        let attempt = attempts.withLock { count in
          count += 1
          return count
        }
        if attempt == 1 { throw APIError.unreachable("http://127.0.0.1:9") }
        return .reply(7, text)
      }
    }

    await store.send(.room(.view(.sendTapped("still there?")))) {
      $0.room.outbox = Outbox(
        kind: .reply, queue: [.init(text: "still there?", key: UUID(0))], isSending: true)
    }
    await store.receive(.room(.sendResponse(.failure(.unreachable("http://127.0.0.1:9"))))) {
      $0.room.outbox.isSending = false
      $0.room.outbox.problem = .notSent(.unreachable("http://127.0.0.1:9"))
    }
    #expect(store.state.room.outbox.unsentSummary == "Unsent reply: still there?")
    await store.send(.room(.view(.retryTapped))) {
      $0.room.outbox.isSending = true
      $0.room.outbox.problem = nil
    }
    await store.receive(.room(.sendResponse(.success(.reply(7, "still there?"))))) {
      $0.room.outbox = Outbox(kind: .reply)
      $0.room.feed.messages = [.reply(7, "still there?")]
    }
  }

  @Test func send_breaksMessageRules_explainsWithoutCallingServer() async {
    let store = TestStore(initialState: RoomFeature.State.iuRoom()) { RoomFeature() }

    await store.send(.room(.view(.sendTapped("   ")))) { $0.room.outbox.problem = .empty }
    await store.send(.room(.view(.retryTapped))) { $0.room.outbox.problem = .nothingToRetry }
  }

  @Test func send_overTheLimit_keepsTheReplyToBeShortenedThenSendsTheShorterOne() async {
    let long = String(repeating: "가", count: 501)
    let store = TestStore(initialState: RoomFeature.State.iuRoom()) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.send = { _, text, _ in .reply(3, text) }
    }

    await store.send(.room(.view(.sendTapped(long)))) {
      $0.room.outbox = Outbox(kind: .reply, refusedText: long, problem: .tooLong(count: 501))
    }
    #expect(store.state.room.outbox.refusedText == long)
    // Nothing was sent, so there is nothing to send again: the long reply waits in the line.
    await store.send(.room(.view(.retryTapped))) { $0.room.outbox.problem = .nothingToRetry }
    await store.send(.room(.view(.sendTapped(String(long.dropLast()))))) {
      $0.room.outbox = Outbox(
        kind: .reply, queue: [.init(text: String(long.dropLast()), key: UUID(1))], isSending: true)
    }
    await store.receive(.room(.sendResponse(.success(.reply(3, String(long.dropLast())))))) {
      $0.room.outbox = Outbox(kind: .reply)
      $0.room.feed.messages = [.reply(3, String(long.dropLast()))]
    }
  }

  @Test func send_whileSending_queuesTheReplyBehindTheOneInFlight() async {
    var state = RoomFeature.State.iuRoom()
    let first = Outbox.Unsent(text: "first", key: UUID(5))
    state.room.outbox = Outbox(kind: .reply, queue: [first], isSending: true)
    let store = TestStore(initialState: state) { RoomFeature() }

    await store.send(.room(.view(.sendTapped("second")))) {
      $0.room.outbox.queue = [first, .init(text: "second", key: UUID(0))]
    }
    await store.send(.room(.view(.retryTapped)))
  }
}
