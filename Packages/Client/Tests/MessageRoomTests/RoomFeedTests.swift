import CommonDataModels
import Foundation
import MessageDataModels
import MessageRoom
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
    room.apply(.loaded([message(2), message(5)], hasOlder: false))
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
    room.apply(.loaded([message(1)], hasOlder: false))
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

  @Test func loaded_newestPage_keepsWhetherOlderOnesAreThere_andAReloadAfterACursorKeepsIt() {
    var room = RoomFeed()
    room.start()
    room.apply(.loaded([message(8), message(9)], hasOlder: true))
    #expect(room.hasOlder)
    room.start()
    room.apply(.loaded([message(10)], hasOlder: false))
    #expect(room.hasOlder)
    #expect(room.messages.map(\.id) == [8, 9, 10])
  }

  @Test func startLoadingOlder_givesTheOldestIdOnce_andNothingWithoutOlder() {
    var room = RoomFeed(messages: [message(8), message(9)], hasLoaded: true, hasOlder: true)
    #expect(room.startLoadingOlder() == 8)
    #expect(room.isLoadingOlder)
    #expect(room.startLoadingOlder() == nil)
    room.applyOlder(HistoryPage(messages: [message(6), message(7)], hasOlder: false))
    #expect(room.messages.map(\.id) == [6, 7, 8, 9])
    #expect(!room.hasOlder && !room.isLoadingOlder)
    #expect(room.startLoadingOlder() == nil)
  }

  @Test func failOlder_saysWhatFailed_andAllowsAnotherTry() {
    var room = RoomFeed(messages: [message(8)], hasLoaded: true, hasOlder: true)
    _ = room.startLoadingOlder()
    room.failOlder(.timeout)
    #expect(room.olderFailure == "Could not load older messages: \(APIError.timeout.message)")
    #expect(room.startLoadingOlder() == 8)
    #expect(room.olderFailure == nil)
  }

  @Test func olderPage_landsAboveTheMessagesRead_andSaysWhetherMoreAreThere() {
    var room = RoomFeed(messages: (101...140).map(message), hasLoaded: true, hasOlder: true)
    #expect(room.startLoadingOlder() == 101)
    room.applyOlder(HistoryPage(messages: (1...100).map(message), hasOlder: false))
    #expect(room.messages.map(\.id.rawValue) == Array(1...140))
    #expect(!room.isLoadingOlder && !room.hasOlder)
    #expect(room.startLoadingOlder() == nil)
  }

  @Test func newMessages_whileAnOlderPageIsRead_keepTheRoomInOrder() {
    var room = RoomFeed(messages: (101...105).map(message), hasLoaded: true, isLive: true, hasOlder: true)
    _ = room.startLoadingOlder()
    room.apply(.messages([message(106)]))
    room.applyOlder(HistoryPage(messages: (1...100).map(message), hasOlder: true))
    #expect(room.messages.map(\.id.rawValue) == Array(1...106))
    #expect(room.hasOlder)
  }

  @Test func aSendersNewName_replacesTheNameOnTheirEarlierMessages() {
    var renamed = message(3)
    renamed.senderDisplayName = "IU 💜"
    var room = RoomFeed(messages: [message(1), message(2)], hasLoaded: true)
    room.apply(.messages([renamed]))
    #expect(room.messages.map(\.senderDisplayName) == ["IU 💜", "IU 💜", "IU 💜"])
  }

  @Test func aMessageSeenAgainUnderANewName_renamesTheSendersMessages() {
    var again = message(2)
    again.senderDisplayName = "IU 💜"
    var room = RoomFeed(messages: [message(1), message(2)], hasLoaded: true)
    room.apply(.messages([again]))
    #expect(room.messages.map(\.senderDisplayName) == ["IU 💜", "IU 💜"])
  }

  @Test func aFirstMessageFromANewSender_leavesTheOthersNames() {
    var stranger = message(3)
    stranger.senderId = 99
    stranger.senderDisplayName = "Minji"
    var room = RoomFeed(messages: [message(1), message(2)], hasLoaded: true)
    room.apply(.messages([stranger]))
    #expect(
      room.messages.map(\.senderDisplayName) == [
        message(1).senderDisplayName, message(2).senderDisplayName, "Minji",
      ])
  }
}
