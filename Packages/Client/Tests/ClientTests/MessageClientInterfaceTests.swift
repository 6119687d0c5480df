import CommonDataModels
import ComposableArchitectureTesting
import Dependencies
import Foundation
import MessageClient
import MessageDataModels
import Testing

@Suite struct MessageClientInterfaceTests {
  @Test func testValue_followRoom_reportsTheEndpointAndFinishes() async throws {
    let issues = IssueCollector()
    let batches = try await withIssueReporter(issues) {
      var batches = 0
      for try await _ in MessageClient.testValue.followRoom(1, nil) { batches += 1 }
      return batches
    }
    #expect(batches == 0)
    #expect(issues.messages == ["Unimplemented: 'MessageClient.followRoom'"])
  }

  @Test func preview_messagesAfterCursor_returnsOnlyNewerOnes() async throws {
    let client = MessageClient.preview()
    try await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      let all = try await client.messages(1, nil)
      #expect(all.messages.count == MessageClient.previewMessages.count)
      #expect(all.cursor == all.messages.last?.id)
      let newer = try await client.messages(1, 3)
      #expect(newer.messages.map(\.id) == [4, 5])
      let none = try await client.messages(1, 5)
      #expect(none.messages.isEmpty && none.cursor == 5)
    }
  }

  @Test func preview_followRoom_loadsAfterTheCursorThenDeliversASentReply() async throws {
    let clock = TestClock()
    let client = MessageClient.preview(latency: .zero, pollInterval: .seconds(1))
    try await withDependencies {
      $0.continuousClock = clock
    } operation: {
      let stream = client.followRoom(1, 3)
      var iterator = stream.makeAsyncIterator()
      #expect(
        try await iterator.next() == .loaded(Array(MessageClient.previewMessages[3...]), hasOlder: false))
      // The stream has found nothing new and waits for its next poll.
      while clock.sleeperCount < 1 { await Task.yield() }
      let message = try await client.send(1, "See you there!", UUID())
      #expect(message.kind == .reply && message.senderUsername == "demo_fan")
      await clock.advance(by: .seconds(1))
      let update = try await iterator.next()
      #expect(update == .messages([message]))
    }
  }

  @Test func preview_olderMessages_pagesBackAPageAtATime() async throws {
    let client = MessageClient.preview(latency: .zero, pageSize: 2)
    let newest = try await client.olderMessages(1, nil)
    #expect(newest == HistoryPage(messages: Array(MessageClient.previewMessages[3...]), hasOlder: true))
    let older = try await client.olderMessages(1, 4)
    #expect(older == HistoryPage(messages: Array(MessageClient.previewMessages[1...2]), hasOlder: true))
    let oldest = try await client.olderMessages(1, 2)
    #expect(oldest == HistoryPage(messages: [MessageClient.previewMessages[0]], hasOlder: false))
  }

  @Test func preview_deleteMessage_onlyTheSendersOwn_andSearchFindsWhatIsLeft() async throws {
    let client = MessageClient.preview(latency: .zero)
    // Message 1 is IU's broadcast; the preview's sender is the demo fan, who wrote 2 and 5.
    await #expect(throws: APIError.self) { try await client.deleteMessage(1, 1) }
    try await client.deleteMessage(1, 5)
    try await client.deleteMessage(1, 5)
    await #expect(throws: APIError.self) { try await client.deleteMessage(1, 42) }
    let found = try await client.search(1, "CONCERT", nil)
    #expect(found.messages.map(\.id) == [2])
    #expect(try await client.search(1, "through the night", nil).messages.isEmpty)
  }

  @Test func preview_followRoomWithoutCursor_loadsTheNewestPage() async throws {
    let client = MessageClient.preview(latency: .zero, pageSize: 3)
    try await withDependencies {
      $0.continuousClock = TestClock()
    } operation: {
      var iterator = client.followRoom(1, nil).makeAsyncIterator()
      let first = try await iterator.next()
      #expect(first == .loaded(Array(MessageClient.previewMessages[2...]), hasOlder: true))
    }
  }

  @Test func preview_sendBlank_isRejected() async {
    let client = MessageClient.preview(latency: .zero)
    await withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      await #expect(throws: APIError.self) { try await client.send(1, "   ", UUID()) }
    }
  }
}
