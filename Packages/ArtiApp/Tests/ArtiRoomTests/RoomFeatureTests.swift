import ArtiRoom
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import MessageClient
import MessageDataModels
import Synchronization
import Testing

@MainActor
struct RoomFeatureTests {
  @Test func task_readsEveryPageThenReceivesNewRepliesUntilItDisappears() async {
    let (updates, fan) = AsyncThrowingStream.makeStream(of: RoomUpdate.self)
    let subscribedAfter = Mutex<MessageID??>(nil)
    let store = TestStore(initialState: RoomFeature.State(artistId: artistID)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.messages = { _, after in
        after == nil
          ? MessagePage(messages: [message(1, "안녕", kind: .broadcast)], cursor: 1, hasMore: true)
          : MessagePage(messages: [message(2, "언니 안녕!")], cursor: 2, hasMore: false)
      }
      $0.messageClient.updates = { _, after in
        subscribedAfter.withLock { $0 = after }
        return updates
      }
    }

    await store.send(.task) {
      $0.isLoading = true
    }
    let page = MessagePage(
      messages: [message(1, "안녕", kind: .broadcast), message(2, "언니 안녕!")], cursor: 2, hasMore: false)
    await store.receive(.messagesLoaded(.success(page))) {
      $0.isLoading = false
      $0.hasLoaded = true
      $0.messages = [message(1, "안녕", kind: .broadcast), message(2, "언니 안녕!")]
      $0.cursor = 2
      $0.isLive = true
    }
    #expect(subscribedAfter.withLock { $0 } == .some(2))

    fan.yield(.messages([message(3, "오늘 공연 최고였어요")]))
    await store.receive(.updatesReceived([message(3, "오늘 공연 최고였어요")])) {
      $0.messages.append(message(3, "오늘 공연 최고였어요"))
      $0.cursor = 3
    }

    fan.yield(.interrupted(.timeout, retryIn: .seconds(4)))
    await store.receive(.updatesInterrupted(.timeout)) {
      $0.interruption = "New replies are not arriving. \(APIError.timeout.message) Still trying."
    }
    fan.yield(.resumed)
    await store.receive(.updatesResumed) {
      $0.interruption = nil
    }

    await store.send(.disappeared) {
      $0.isLive = false
    }
    await store.finish()
  }

  @Test func task_readFails_showsErrorAndRefreshReadsAgain() async {
    let attempts = Mutex(0)
    let store = TestStore(initialState: RoomFeature.State(artistId: artistID)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.messages = { _, _ in
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        if attempt == 1 { throw APIError.timeout }
        return MessagePage(messages: [], cursor: nil, hasMore: false)
      }
      $0.messageClient.updates = { _, _ in AsyncThrowingStream { $0.finish() } }
    }

    await store.send(.task) {
      $0.isLoading = true
    }
    await store.receive(.messagesLoaded(.failure(.timeout))) {
      $0.isLoading = false
      $0.loadError = "The room could not be read. \(APIError.timeout.message) Type /refresh to try again."
    }
    await store.send(.refreshTapped) {
      $0.loadError = nil
      $0.isLoading = true
    }
    await store.receive(.messagesLoaded(.success(MessagePage(messages: [], cursor: nil, hasMore: false)))) {
      $0.isLoading = false
      $0.hasLoaded = true
      $0.isLive = true
    }
    await store.finish()
  }

  @Test func task_afterComingBack_resumesFromTheCursorWithoutReadingAgain() async {
    let subscribedAfter = Mutex<MessageID??>(nil)
    let store = TestStore(
      initialState: RoomFeature.State(
        artistId: artistID, messages: [message(5, "hi")], cursor: 5, hasLoaded: true)
    ) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.updates = { _, after in
        subscribedAfter.withLock { $0 = after }
        return AsyncThrowingStream { $0.finish() }
      }
    }

    await store.send(.task) {
      $0.isLive = true
    }
    await store.finish()
    #expect(subscribedAfter.withLock { $0 } == .some(5))
  }

  @Test func updates_fail_showErrorAndRefreshReconnects() async {
    let attempts = Mutex(0)
    let store = TestStore(initialState: RoomFeature.State(artistId: artistID, hasLoaded: true)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.updates = { _, _ in
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        return AsyncThrowingStream {
          if attempt == 1 { $0.finish(throwing: APIError.unauthorized("")) } else { $0.finish() }
        }
      }
    }

    await store.send(.task) {
      $0.isLive = true
    }
    await store.receive(.updatesFailed(.unauthorized(""))) {
      $0.isLive = false
      $0.loadError =
        "New replies stopped arriving. \(APIError.unauthorized("").message) Type /refresh to reconnect."
    }
    await store.send(.refreshTapped) {
      $0.loadError = nil
      $0.isLive = true
    }
    await store.finish()
  }

  @Test func broadcast_sent_appearsOnceEvenWhenTheUpdatesBringItAgain() async {
    let sent = message(9, "새 앨범 나왔어요!", kind: .broadcast)
    let store = TestStore(initialState: RoomFeature.State(artistId: artistID, hasLoaded: true)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.send = { id, text in
        #expect(id == artistID)
        #expect(text == "새 앨범 나왔어요!")
        return sent
      }
    }

    await store.send(.broadcastSubmitted("새 앨범 나왔어요!")) {
      $0.draft = "새 앨범 나왔어요!"
      $0.isSending = true
    }
    await store.receive(.sendResponse(.success(sent))) {
      $0.isSending = false
      $0.draft = ""
      $0.messages = [sent]
      $0.cursor = 9
    }
    await store.send(.updatesReceived([sent]))
  }

  @Test func broadcast_tooLongOrBlank_isRefusedWithoutSending() async {
    let store = TestStore(initialState: RoomFeature.State(artistId: artistID)) {
      RoomFeature()
    }
    let long = String(repeating: "가", count: 501)
    await store.send(.broadcastSubmitted(long)) {
      $0.draft = long
      $0.draftProblem = .tooLong(maxLength: 500)
    }
    await store.send(.broadcastSubmitted("   ")) {
      $0.draft = "   "
      $0.draftProblem = .empty
    }
  }

  @Test func broadcast_fails_keepsTheDraftAndSaysWhy() async {
    let store = TestStore(initialState: RoomFeature.State(artistId: artistID)) {
      RoomFeature()
    } withDependencies: {
      $0.messageClient.send = { _, _ in throw APIError.server(status: 500, message: "Database is busy") }
    }

    await store.send(.broadcastSubmitted("안녕")) {
      $0.draft = "안녕"
      $0.isSending = true
    }
    let failure = APIError.server(status: 500, message: "Database is busy")
    await store.receive(.sendResponse(.failure(failure))) {
      $0.isSending = false
      $0.sendError = "Not sent. \(failure.message)"
    }
  }

  @Test func updates_outOfOrder_areKeptInIdOrder() async {
    let store = TestStore(
      initialState: RoomFeature.State(
        artistId: artistID, messages: [message(1, "a"), message(4, "d")], cursor: 4)
    ) {
      RoomFeature()
    }
    await store.send(.updatesReceived([message(3, "c"), message(6, "f")])) {
      $0.messages = [message(1, "a"), message(3, "c"), message(4, "d"), message(6, "f")]
      $0.cursor = 6
    }
  }
}
