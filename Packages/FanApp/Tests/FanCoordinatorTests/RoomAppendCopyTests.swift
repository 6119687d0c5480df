import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import FanAppTestSupport
import FanArtistList
import FanCoordinator
import FanRoom
import MessageDataModels
import MessageRoom
import Testing

/// A message arriving in a long room is appended in place: the app's state path (the store, the
/// room's reducer, `RoomFeed`, and an observer reading the whole state as the run loop does)
/// keeps no second reference to the messages, so nothing copies them.
@MainActor
struct RoomAppendCopyTests {
  static let held = 10_000

  /// IU's room open with `held` messages, in an array with room to grow.
  static func store(held: Int = held) -> StoreOf<FanAppFeature> {
    var messages: [Message] = []
    messages.reserveCapacity(held + 1_000)
    for id in 1...Int64(held) { messages.append(.broadcast(MessageID(rawValue: id), "\(id)")) }
    let room = RoomFeature.State(
      artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
      feed: RoomFeed(messages: messages, hasLoaded: true, isLive: true))
    return Store(
      initialState: FanAppFeature.State(
        signIn: nil, account: Session.minji.account, artists: ArtistListFeature.State(),
        destination: .room(room))
    ) {
      FanAppFeature()
    }
  }

  static func arrive(_ id: Int64) -> FanAppFeature.Action {
    .destination(
      .presented(.room(.room(.roomUpdated(.messages([.broadcast(MessageID(rawValue: id), "new")]))))))
  }

  @Test func messageArrives_inATenThousandMessageRoomWatchedAsByTheRunLoop_isAppendedWithoutCopying() {
    let store = Self.store()
    let observation = store.observe { _ = store.state }
    defer { observation.cancel() }
    let storage = store.messagesStorage

    for id in Int64(Self.held + 1)...Int64(Self.held + 10) {
      store.send(Self.arrive(id))
      #expect(store.messagesStorage == storage, "message \(id) copied the room's \(id - 1) messages")
    }
    #expect(store.messageCount == Self.held + 10)
  }

  @Test func messageArrives_whileSomeoneKeepsTheOldState_copiesTheMessages() {
    // The check above can fail: a kept old state forces the append to copy the array.
    let store = Self.store()
    let storage = store.messagesStorage
    let kept = store.state

    store.send(Self.arrive(Int64(Self.held + 1)))

    #expect(store.messagesStorage != storage)
    #expect(kept.destination != store.state.destination)
  }
}

extension Store where State == FanAppFeature.State, Action == FanAppFeature.Action {
  /// The address of the open room's message storage.
  fileprivate var messagesStorage: Int? {
    withState { state in
      guard case .room(let room) = state.destination else { return nil }
      return room.room.feed.messages.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) } }
    }
  }

  fileprivate var messageCount: Int {
    withState { state in
      guard case .room(let room) = state.destination else { return 0 }
      return room.room.feed.messages.count
    }
  }
}
