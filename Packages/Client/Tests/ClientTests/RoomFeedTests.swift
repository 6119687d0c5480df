import CommonDataModels
import Foundation
import MessageClient
import MessageDataModels
import Testing

private func message(_ id: Int64) -> Message {
  Message(
    id: MessageID(id), artistId: 1, senderId: 1, senderUsername: "iu_official", senderDisplayName: "IU",
    kind: .broadcast, text: "m\(id)", sentAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(id)))
}

@Suite struct RoomFeedTests {
  @Test func apply_batchesOutOfOrderOrRepeated_keepEachMessageOnceInIdOrder() {
    var room = RoomFeed()
    room.start()
    room.apply(.loaded([message(2), message(5)]))
    room.apply(.messages([message(3), message(5), message(7), message(1)]))
    room.insert(sent: message(7))
    #expect(room.messages.map(\.id) == [1, 2, 3, 5, 7])
    #expect(room.cursor == 7)
    #expect(room.hasLoaded && !room.isLoading && room.isLive)
  }

  @Test func interruptedThenResumed_saysSoThenClears() {
    var room = RoomFeed()
    room.start()
    room.apply(.interrupted(.timeout, retryIn: .seconds(4)))
    #expect(room.interruption == "New messages are not arriving: \(APIError.timeout.message) Still trying.")
    #expect(room.isLoading)
    room.apply(.resumed)
    #expect(room.interruption == nil)
  }

  @Test func fail_beforeOrAfterLoading_namesWhatFailedAndTheCommandThatFollowsAgain() {
    var room = RoomFeed()
    room.start()
    room.apply(.interrupted(.timeout, retryIn: .seconds(4)))
    room.fail(.unauthorized(""))
    #expect(
      room
        == RoomFeed(
          failure: "Could not load the room: \(APIError.unauthorized("").message)")
    )

    room.start()
    room.apply(.loaded([message(1)]))
    room.fail(.unauthorized(""))
    #expect(
      room
        == RoomFeed(
          messages: [message(1)], hasLoaded: true,
          failure:
            "New messages stopped arriving: \(APIError.unauthorized("").message)"
        ))
  }

  @Test func stop_endsFollowingWithoutAFailure() {
    var room = RoomFeed(messages: [message(1)], hasLoaded: true)
    room.start()
    room.apply(.interrupted(.timeout, retryIn: .seconds(4)))
    room.stop()
    #expect(room == RoomFeed(messages: [message(1)], hasLoaded: true))
  }
}
