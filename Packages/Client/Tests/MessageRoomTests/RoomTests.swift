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
struct RoomTests {
  @Test func task_followsTheRoomThenReceivesNewRepliesUntilItDisappears() async {
    let (updates, fan) = AsyncThrowingStream.makeStream(of: RoomUpdate.self)
    let followedAfter = Mutex<[MessageID?]>([])
    let store = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    } withDependencies: {
      $0.messageClient.followRoom = { id, after in
        #expect(id == artistID)
        followedAfter.withLock { $0.append(after) }
        return updates
      }
    }

    await store.send(.view(.task)) {
      $0.feed.isLoading = true
      $0.feed.isLive = true
    }
    fan.yield(.loaded([message(1, "안녕", kind: .broadcast), message(2, "언니 안녕!")], hasOlder: false))
    await store.receive(
      .roomUpdated(.loaded([message(1, "안녕", kind: .broadcast), message(2, "언니 안녕!")], hasOlder: false))
    ) {
      $0.feed.isLoading = false
      $0.feed.hasLoaded = true
      $0.feed.messages = [message(1, "안녕", kind: .broadcast), message(2, "언니 안녕!")]
    }
    #expect(followedAfter.withLock { $0 } == [nil])

    fan.yield(.messages([message(3, "오늘 공연 최고였어요")]))
    await store.receive(.roomUpdated(.messages([message(3, "오늘 공연 최고였어요")]))) {
      $0.feed.messages.append(message(3, "오늘 공연 최고였어요"))
    }

    fan.yield(.interrupted(.timeout, retryIn: .seconds(4)))
    await store.receive(.roomUpdated(.interrupted(.timeout, retryIn: .seconds(4)))) {
      $0.feed.interruption = "New messages are not arriving: \(APIError.timeout.message) Still trying."
    }
    fan.yield(.resumed)
    await store.receive(.roomUpdated(.resumed)) {
      $0.feed.interruption = nil
    }

    await store.send(.view(.disappeared)) {
      $0.feed.isLive = false
    }
    await store.finish()
  }

  @Test func task_readFails_showsErrorAndReloadFollowsAgain() async {
    let attempts = Mutex(0)
    let store = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        return AsyncThrowingStream {
          if attempt == 1 {
            $0.finish(throwing: APIError.rejected(code: "not_found", message: "No such artist."))
          } else {
            $0.yield(.loaded([], hasOlder: false))
            $0.finish()
          }
        }
      }
    }

    await store.send(.view(.task)) {
      $0.feed.isLoading = true
      $0.feed.isLive = true
    }
    await store.receive(.roomFailed(.rejected(code: "not_found", message: "No such artist."))) {
      $0.feed.isLoading = false
      $0.feed.isLive = false
      $0.feed.failure = "Could not load the room: No such artist."
    }
    await store.send(.view(.reloadTapped)) {
      $0.feed.failure = nil
      $0.feed.isLoading = true
      $0.feed.isLive = true
    }
    await store.receive(.roomUpdated(.loaded([], hasOlder: false))) {
      $0.feed.isLoading = false
      $0.feed.hasLoaded = true
    }
    await store.finish()
  }

  @Test func task_afterComingBack_followsFromTheNewestMessageRead() async {
    let followedAfter = Mutex<[MessageID?]>([])
    let store = TestStore(
      initialState: Room.State(
        artistId: artistID, outbox: Outbox(kind: .broadcast),
        feed: RoomFeed(messages: [message(5, "hi")], hasLoaded: true))
    ) {
      Room()
    } withDependencies: {
      $0.messageClient.followRoom = { _, after in
        followedAfter.withLock { $0.append(after) }
        return AsyncThrowingStream {
          $0.yield(.loaded([message(6, "while you were away")], hasOlder: false))
          $0.finish()
        }
      }
    }

    await store.send(.view(.task)) {
      $0.feed.isLoading = true
      $0.feed.isLive = true
    }
    await store.receive(.roomUpdated(.loaded([message(6, "while you were away")], hasOlder: false))) {
      $0.feed.isLoading = false
      $0.feed.messages.append(message(6, "while you were away"))
    }
    await store.finish()
    #expect(followedAfter.withLock { $0 } == [5])
  }

  @Test func followRoom_failsAfterLoading_showsErrorAndReloadFollowsAgain() async {
    let attempts = Mutex(0)
    let store = TestStore(
      initialState: Room.State(
        artistId: artistID, outbox: Outbox(kind: .broadcast), feed: RoomFeed(hasLoaded: true))
    ) {
      Room()
    } withDependencies: {
      $0.messageClient.followRoom = { _, _ in
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        return AsyncThrowingStream {
          if attempt == 1 { $0.finish(throwing: APIError.unauthorized("")) } else { $0.finish() }
        }
      }
    }

    await store.send(.view(.task)) {
      $0.feed.isLoading = true
      $0.feed.isLive = true
    }
    await store.receive(.roomFailed(.unauthorized(""))) {
      $0.feed.isLoading = false
      $0.feed.isLive = false
      $0.feed.failure =
        "New messages stopped arriving: \(APIError.unauthorized("").message)"
    }
    await store.send(.view(.reloadTapped)) {
      $0.feed.failure = nil
      $0.feed.isLoading = true
      $0.feed.isLive = true
    }
    await store.finish()
  }

  @Test func broadcast_sent_appearsOnceEvenWhenTheUpdatesBringItAgain() async {
    let sent = message(9, "새 앨범 나왔어요!", kind: .broadcast)
    let store = TestStore(
      initialState: Room.State(
        artistId: artistID, outbox: Outbox(kind: .broadcast), feed: RoomFeed(hasLoaded: true))
    ) {
      Room()
    } withDependencies: {
      $0.messageClient.send = { id, text, _ in
        #expect(id == artistID)
        #expect(text == "새 앨범 나왔어요!")
        return sent
      }
    }

    await store.send(.view(.sendTapped("새 앨범 나왔어요!"))) {
      $0.outbox = Outbox(kind: .broadcast, queue: [.init(text: "새 앨범 나왔어요!", key: UUID(0))], isSending: true)
    }
    await store.receive(.sendResponse(.success(sent))) {
      $0.outbox = Outbox(kind: .broadcast)
      $0.feed.messages = [sent]
    }
    await store.send(.roomUpdated(.messages([sent])))
  }

  @Test func broadcast_tooLongOrBlank_isRefusedWithoutSendingAndTheLongOneIsKept() async {
    let store = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    }
    let long = String(repeating: "가", count: 501)
    await store.send(.view(.sendTapped(long))) {
      $0.outbox = Outbox(kind: .broadcast, refusedText: long, problem: .tooLong(count: 501))
    }
    await store.send(.view(.sendTapped("   "))) {
      $0.outbox.problem = .empty
    }
  }

  @Test func broadcast_serverDown_keepsItAndRetrySendsIt() async {
    let attempts = Mutex(0)
    let sent = message(5, "안녕", kind: .broadcast)
    let store = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    } withDependencies: {
      $0.messageClient.send = { _, _, _ in
        let attempt = attempts.withLock { count in
          count += 1
          return count
        }
        if attempt == 1 { throw APIError.unreachable("connection refused") }
        return sent
      }
    }

    await store.send(.view(.sendTapped("안녕"))) {
      $0.outbox = Outbox(kind: .broadcast, queue: [.init(text: "안녕", key: UUID(0))], isSending: true)
    }
    await store.receive(.sendResponse(.failure(.unreachable("connection refused")))) {
      $0.outbox.isSending = false
      $0.outbox.problem = .notSent(.unreachable("connection refused"))
    }
    await store.send(.view(.retryTapped)) {
      $0.outbox.isSending = true
      $0.outbox.problem = nil
    }
    await store.receive(.sendResponse(.success(sent))) {
      $0.outbox = Outbox(kind: .broadcast)
      $0.feed.messages = [sent]
    }
  }

  @Test func twoBroadcastsFailed_areKeptInOrderAndRetrySendsBothOldestFirstUnderTheirKeys() async {
    let serverUp = Mutex(false)
    let posts = Mutex<[String]>([])
    let store = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    } withDependencies: {
      $0.messageClient.send = { _, text, key in
        posts.withLock { $0.append("\(text) \(key == UUID(0) ? 0 : key == UUID(1) ? 1 : -1)") }
        guard serverUp.withLock({ $0 }) else { throw APIError.timeout }
        return message(text == "one" ? 1 : 2, text, kind: .broadcast)
      }
    }
    let one = Outbox.Unsent(text: "one", key: UUID(0))
    let two = Outbox.Unsent(text: "two", key: UUID(1))

    await store.send(.view(.sendTapped("one"))) {
      $0.outbox = Outbox(kind: .broadcast, queue: [one], isSending: true)
    }
    await store.receive(.sendResponse(.failure(.timeout))) {
      $0.outbox = Outbox(kind: .broadcast, queue: [one], problem: .notSent(.timeout))
    }
    // The second goes behind the first, and sending starts again from the oldest.
    await store.send(.view(.sendTapped("two"))) {
      $0.outbox = Outbox(kind: .broadcast, queue: [one, two], isSending: true)
    }
    await store.receive(.sendResponse(.failure(.timeout))) {
      $0.outbox = Outbox(kind: .broadcast, queue: [one, two], problem: .notSent(.timeout))
    }
    #expect(store.state.outbox.unsentSummary == "Unsent broadcast: one (and 1 more, in order)")
    serverUp.withLock { $0 = true }
    await store.send(.view(.retryTapped)) {
      $0.outbox = Outbox(kind: .broadcast, queue: [one, two], isSending: true)
    }
    await store.receive(.sendResponse(.success(message(1, "one", kind: .broadcast)))) {
      $0.feed.messages = [message(1, "one", kind: .broadcast)]
      $0.outbox = Outbox(kind: .broadcast, queue: [two], isSending: true)
    }
    await store.receive(.sendResponse(.success(message(2, "two", kind: .broadcast)))) {
      $0.feed.messages = [message(1, "one", kind: .broadcast), message(2, "two", kind: .broadcast)]
      $0.outbox = Outbox(kind: .broadcast)
    }
    // Every try of a message carries its own key, so a post whose answer was lost is stored once.
    #expect(posts.withLock { $0 } == ["one 0", "one 0", "one 0", "two 1"])
  }

  @Test func keptBroadcast_survivesLeavingTheRoomAndIsSentFromTheNextVisitUnderItsKey() async {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("unsent-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = UnsentStore.files(in: folder)
    let kept = Outbox.Unsent(text: "안녕", key: UUID(0))
    let leaving = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    } withDependencies: {
      $0.unsentStore = store
      $0.messageClient.send = { _, _, _ in throw APIError.timeout }
    }
    await leaving.send(.view(.sendTapped("안녕"))) {
      $0.outbox = Outbox(kind: .broadcast, queue: [kept], isSending: true)
    }
    await leaving.receive(.sendResponse(.failure(.timeout))) {
      $0.outbox = Outbox(kind: .broadcast, queue: [kept], problem: .notSent(.timeout))
    }
    #expect(store.load(artistID, artistID) == [kept])

    // The next visit (or run) starts with it kept, and sending it again uses the same key.
    let sent = message(3, "안녕", kind: .broadcast)
    let coming = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    } withDependencies: {
      $0.unsentStore = store
      $0.messageClient.followRoom = { _, _ in AsyncThrowingStream { $0.finish() } }
      $0.messageClient.send = { _, _, key in
        #expect(key == UUID(0))
        return sent
      }
    }
    await coming.send(.view(.task)) {
      $0.outbox.queue = [kept]
      $0.feed.isLoading = true
      $0.feed.isLive = true
    }
    #expect(coming.state.outbox.unsentSummary == "Unsent broadcast: 안녕")
    await coming.send(.view(.retryTapped)) { $0.outbox.isSending = true }
    await coming.receive(.sendResponse(.success(sent))) {
      $0.outbox = Outbox(kind: .broadcast)
      $0.feed.messages = [sent]
    }
    await coming.send(.view(.disappeared)) {
      $0.feed.isLoading = false
      $0.feed.isLive = false
    }
    #expect(store.load(artistID, artistID).isEmpty)
  }

  @Test func discardTapped_forgetsTheKeptBroadcastsHereAndInTheStore() async {
    let saved = Mutex<[[Outbox.Unsent]]>([])
    let kept = [Outbox.Unsent(text: "one", key: UUID(7))]
    let store = TestStore(
      initialState: Room.State(
        artistId: artistID, outbox: Outbox(kind: .broadcast, queue: kept, problem: .notSent(.timeout)))
    ) {
      Room()
    } withDependencies: {
      $0.unsentStore = UnsentStore(
        load: { _, _ in [] }, save: { _, _, queue in saved.withLock { $0.append(queue) } })
    }
    await store.send(.view(.discardTapped)) { $0.outbox = Outbox(kind: .broadcast) }
    await store.finish()
    #expect(saved.withLock { $0 } == [[]])
  }

  @Test func retry_withNothingKept_saysSoWithoutSending() async {
    let store = TestStore(initialState: Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))) {
      Room()
    }
    await store.send(.view(.retryTapped)) { $0.outbox.problem = .nothingToRetry }
  }

  @Test func updates_outOfOrder_areKeptInIdOrder() async {
    let store = TestStore(
      initialState: Room.State(
        artistId: artistID, outbox: Outbox(kind: .broadcast),
        feed: RoomFeed(messages: [message(1, "a"), message(4, "d")]))
    ) {
      Room()
    }
    await store.send(.roomUpdated(.messages([message(3, "c"), message(6, "f")]))) {
      $0.feed.messages = [message(1, "a"), message(3, "c"), message(4, "d"), message(6, "f")]
    }
  }
}
