import CommonDataModels
import MessageRoom
import Testing

@Suite struct OutboxTests {
  @Test func submit_validText_isSentAndKeptUntilStored() {
    var outbox = Outbox(kind: .reply)
    #expect(outbox.submit("안녕하세요") == "안녕하세요")
    #expect(outbox == Outbox(kind: .reply, kept: "안녕하세요", isSending: true))
    outbox.sent()
    #expect(outbox == Outbox(kind: .reply))
  }

  @Test func submit_overTheLimit_keepsTheTextAndSaysHowMuchToCut() {
    var outbox = Outbox(kind: .broadcast)
    let long = String(repeating: "가", count: 512)
    #expect(outbox.submit(long) == nil)
    #expect(outbox == Outbox(kind: .broadcast, kept: long, problem: .tooLong(count: 512)))
    #expect(outbox.refusedText == long)
    #expect(outbox.unsent == nil)
    #expect(
      outbox.problemMessage
        == "Your broadcast has 512 characters, 12 over the limit of 500. It is kept: cut 12."
    )
  }

  @Test func submit_exactlyTheLimit_isSent() {
    var outbox = Outbox(kind: .reply)
    let text = String(repeating: "a", count: 500)
    #expect(outbox.submit(text) == text)
  }

  @Test func submit_blank_isRefusedAndKeepsWhatWasKept() {
    var outbox = Outbox(kind: .reply, kept: "earlier", problem: .notSent(.timeout))
    #expect(outbox.submit("   ") == nil)
    #expect(outbox == Outbox(kind: .reply, kept: "earlier", problem: .empty))
    #expect(outbox.problemMessage == "Type a reply first.")
  }

  @Test func submit_whileSending_changesNothing() {
    var outbox = Outbox(kind: .reply, kept: "first", isSending: true)
    #expect(outbox.submit("second") == nil)
    #expect(outbox == Outbox(kind: .reply, kept: "first", isSending: true))
  }

  @Test func failedThenRetried_keepsTheTextForRetryAndSendsItAgain() {
    var outbox = Outbox(kind: .broadcast)
    _ = outbox.submit("hello everyone")
    outbox.failed(.unreachable("connection refused"))
    #expect(outbox.unsent == "hello everyone")
    #expect(outbox.refusedText == nil)
    #expect(
      outbox.problemMessage
        == "Your broadcast was not sent: \(APIError.unreachable("connection refused").message) It is kept."
    )
    #expect(outbox.retry() == "hello everyone")
    #expect(outbox == Outbox(kind: .broadcast, kept: "hello everyone", isSending: true))
  }

  @Test func retry_withNothingKept_saysSo() {
    var outbox = Outbox(kind: .broadcast)
    #expect(outbox.retry() == nil)
    #expect(outbox == Outbox(kind: .broadcast, problem: .nothingToRetry))
    #expect(outbox.problemMessage == "There is no unsent broadcast to send again.")
  }

  @Test func retry_whileSending_changesNothing() {
    var outbox = Outbox(kind: .reply, kept: "first", isSending: true)
    #expect(outbox.retry() == nil)
    #expect(outbox == Outbox(kind: .reply, kept: "first", isSending: true))
  }
}
