import CommonDataModels
import Foundation
import MessageRoom
import Testing

@Suite struct OutboxTests {
  @Test func submit_validText_isSentUnderItsKeyAndKeptUntilStored() {
    var outbox = Outbox(kind: .reply)
    #expect(outbox.submit("안녕하세요", key: UUID(1)) == .init(text: "안녕하세요", key: UUID(1)))
    #expect(outbox == Outbox(kind: .reply, queue: [.init(text: "안녕하세요", key: UUID(1))], isSending: true))
    #expect(outbox.sent() == nil)
    #expect(outbox == Outbox(kind: .reply))
  }

  @Test func submit_overTheLimit_isRefusedBackToTheLineAndSaysHowMuchToCut() {
    var outbox = Outbox(kind: .broadcast)
    let long = String(repeating: "가", count: 512)
    #expect(outbox.submit(long, key: UUID(1)) == nil)
    #expect(outbox == Outbox(kind: .broadcast, refusedText: long, problem: .tooLong(count: 512)))
    #expect(outbox.unsent.isEmpty)
    #expect(
      outbox.problemMessage
        == "Your broadcast has 512 characters, 12 over the limit of 500. It is kept: cut 12.")
  }

  @Test func submit_exactlyTheLimit_isSent() {
    var outbox = Outbox(kind: .reply)
    let text = String(repeating: "a", count: 500)
    #expect(outbox.submit(text, key: UUID(1))?.text == text)
  }

  @Test func submit_blank_isRefusedAndKeepsWhatWasKept() {
    let kept = [Outbox.Unsent(text: "earlier", key: UUID(1))]
    var outbox = Outbox(kind: .reply, queue: kept, problem: .notSent(.timeout))
    #expect(outbox.submit("   ", key: UUID(2)) == nil)
    #expect(outbox == Outbox(kind: .reply, queue: kept, problem: .empty))
    #expect(outbox.problemMessage == "Type a reply first.")
  }

  @Test func submit_whileSending_queuesItAndStoredSendsItNext() {
    var outbox = Outbox(kind: .reply)
    _ = outbox.submit("first", key: UUID(1))
    #expect(outbox.submit("second", key: UUID(2)) == nil)
    #expect(outbox.unsent == [.init(text: "second", key: UUID(2))])
    #expect(outbox.sent() == .init(text: "second", key: UUID(2)))
    #expect(outbox.isSending)
  }

  @Test func twoFailed_areKeptInOrderCountedAndRetrySendsThemOldestFirstUnderTheirKeys() {
    var outbox = Outbox(kind: .broadcast)
    _ = outbox.submit("one", key: UUID(1))
    outbox.failed(.unreachable("connection refused"))
    // A new message while one is kept goes behind it; sending starts again from the oldest.
    #expect(outbox.submit("two", key: UUID(2)) == .init(text: "one", key: UUID(1)))
    outbox.failed(.unreachable("connection refused"))
    #expect(outbox.unsent.map(\.text) == ["one", "two"])
    #expect(
      outbox.problemMessage
        == "2 broadcasts were not sent: \(APIError.unreachable("connection refused").message) They are kept, in order."
    )
    #expect(outbox.retry() == .init(text: "one", key: UUID(1)))
    #expect(outbox.sent() == .init(text: "two", key: UUID(2)))
    #expect(outbox.sent() == nil)
    #expect(outbox == Outbox(kind: .broadcast))
  }

  @Test func discardUnsent_forgetsTheKeptButNotTheOneInFlight() {
    let one = Outbox.Unsent(text: "one", key: UUID(1))
    let two = Outbox.Unsent(text: "two", key: UUID(2))
    var failed = Outbox(kind: .reply, queue: [one, two], problem: .notSent(.timeout))
    failed.discardUnsent()
    #expect(failed == Outbox(kind: .reply))
    var sending = Outbox(kind: .reply, queue: [one, two], isSending: true)
    sending.discardUnsent()
    #expect(sending == Outbox(kind: .reply, queue: [one], isSending: true))
  }

  @Test func retry_withNothingKept_saysSo() {
    var outbox = Outbox(kind: .broadcast)
    #expect(outbox.retry() == nil)
    #expect(outbox == Outbox(kind: .broadcast, problem: .nothingToRetry))
    #expect(outbox.problemMessage == "There is no unsent broadcast to send again.")
  }

  @Test func retry_whileSending_changesNothing() {
    let first = Outbox.Unsent(text: "first", key: UUID(1))
    var outbox = Outbox(kind: .reply, queue: [first], isSending: true)
    #expect(outbox.retry() == nil)
    #expect(outbox == Outbox(kind: .reply, queue: [first], isSending: true))
  }
}
