import ArtiAppTestSupport
import ArtiFans
import ArtistClient
import ArtistDataModels
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
struct FansFeatureTests {
  @Test func task_readsSubscribersAndFollowsTheRoom_groupingRepliesPerFanUntilItDisappears() async {
    let (updates, room) = AsyncThrowingStream.makeStream(of: RoomUpdate.self)
    let store = TestStore(initialState: FansFeature.State(artistId: artistID)) {
      FansFeature()
    } withDependencies: {
      $0.artistClient.subscribers = { id in
        #expect(id == artistID)
        return [minji, demoFan]
      }
      $0.messageClient.followRoom = { id, after in
        #expect(id == artistID)
        #expect(after == nil)
        return updates
      }
    }

    await store.send(.view(.task)) {
      $0.isLoadingSubscribers = true
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    await store.receive(.subscribersResponse(.success([minji, demoFan]))) {
      $0.isLoadingSubscribers = false
      $0.subscribers = [minji, demoFan]
    }
    let loaded = [
      broadcast(1, "안녕"), reply(2, "언니 안녕!", from: minji), reply(3, "hello!", from: demoFan),
      reply(4, "보고 싶어요", from: minji),
    ]
    room.yield(.loaded(loaded, hasOlder: false))
    await store.receive(.room(.roomUpdated(.loaded(loaded, hasOlder: false)))) {
      $0.room.feed.isLoading = false
      $0.room.feed.hasLoaded = true
      $0.room.feed.messages = loaded
    }
    #expect(store.state.threads.map(\.username) == ["minji_fan", "demo_fan"])
    #expect(store.state.threads[0].replies.map(\.text) == ["언니 안녕!", "보고 싶어요"])

    room.yield(.messages([reply(5, "me too", from: demoFan)]))
    await store.receive(.room(.roomUpdated(.messages([reply(5, "me too", from: demoFan)])))) {
      $0.room.feed.messages.append(reply(5, "me too", from: demoFan))
    }
    // The newest reply puts its fan first.
    #expect(store.state.threads.map(\.username) == ["demo_fan", "minji_fan"])

    await store.send(.view(.disappeared)) {
      $0.room.feed.isLive = false
    }
    await store.finish()
  }

  @Test func fanPickedThenBack_opensTheirThreadThenTheList() async {
    let state = FansFeature.State(
      artistId: artistID, subscribers: [minji, demoFan],
      feed: RoomFeed(
        messages: [reply(2, "언니 안녕!", from: minji), reply(3, "hello!", from: demoFan)], hasLoaded: true))
    let store = TestStore(initialState: state) { FansFeature() }

    await store.send(.view(.unknownFanNamed("nobody"))) {
      $0.notice = "No fan in the list is \"nobody\"; type a number or a username from the list."
    }
    await store.send(.view(.fanPicked(minji.id))) {
      $0.notice = nil
      $0.openFanId = minji.id
    }
    #expect(store.state.openThread?.replies.map(\.text) == ["언니 안녕!"])
    await store.send(.view(.backTapped)) { $0.openFanId = nil }
  }

  @Test func task_subscribersRefused_saysWhyAndReloadReadsAgain() async {
    let forbidden = APIError.rejected(code: "forbidden", message: "Only iu_official can see who subscribes.")
    let answers = LockedAnswers<[Subscriber]>([.failure(forbidden), .success([minji])])
    let follows = Mutex<[AsyncThrowingStream<RoomUpdate, any Error>.Continuation]>([])
    let store = TestStore(initialState: FansFeature.State(artistId: artistID)) {
      FansFeature()
    } withDependencies: {
      $0.artistClient.subscribers = { _ in try answers.next() }
      $0.messageClient.followRoom = { _, _ in
        let (updates, continuation) = AsyncThrowingStream.makeStream(of: RoomUpdate.self)
        follows.withLock { $0.append(continuation) }
        return updates
      }
    }

    await store.send(.view(.task)) {
      $0.isLoadingSubscribers = true
      $0.room.feed.isLoading = true
      $0.room.feed.isLive = true
    }
    await store.receive(.subscribersResponse(.failure(forbidden))) {
      $0.isLoadingSubscribers = false
      $0.subscribersError = "Could not read who subscribes: \(forbidden.message)"
    }
    await store.send(.view(.reloadTapped)) {
      $0.isLoadingSubscribers = true
      $0.subscribersError = nil
    }
    await store.receive(.subscribersResponse(.success([minji]))) {
      $0.isLoadingSubscribers = false
      $0.subscribers = [minji]
    }
    await store.send(.view(.disappeared)) {
      $0.room.feed.isLoading = false
      $0.room.feed.isLive = false
    }
    await store.finish()
    #expect(follows.withLock { $0.count } == 2)
  }

  @Test func threads_fanWhoRepliedThenUnsubscribed_isListedAfterThoseWithNewerReplies() {
    let state = FansFeature.State(
      artistId: artistID, subscribers: [demoFan],
      feed: RoomFeed(messages: [reply(2, "bye", from: minji), broadcast(3, "hi all")], hasLoaded: true))
    #expect(state.threads.map(\.username) == ["minji_fan", "demo_fan"])
    #expect(state.threads[0].isSubscribed == false)
    #expect(state.threads[1].replies.isEmpty)
  }
}
