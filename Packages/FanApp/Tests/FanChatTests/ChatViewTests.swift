import CommonDataModels
import FanChat
import FrommUI
import MessageDataModels
import Testing

@MainActor
struct ChatViewTests {
  let view = ChatView()

  @Test func render_showsArtistAndOwnRepliesOldestFirst() {
    var state = ChatFeature.State.iuRoom([.broadcast(1, "안녕하세요"), .reply(2, "반가워요")])
    state.unsent = "kept"
    let screen = view.render(state)

    #expect(
      screen.plainText(width: 60) == """
        IU (@iu_official)
        =================
        Your replies are seen by IU only

          - IU: 안녕하세요
          - You: 반가워요
        [i] Unsent reply: kept
        Type a reply and press Enter (at most 500 characters).
        [/back] Leave the room  [/retry] Send the kept reply again
        [/reload] Reload
        """)
    #expect(screen.prompt == InputPrompt(label: "Reply"))
  }

  @Test func render_longRoom_showsNewestMessagesAndCountsOlderOnes() {
    let messages = (1...35).map { Message.broadcast(MessageID(Int64($0)), "message \($0)") }
    let text = view.render(ChatFeature.State.iuRoom(messages)).plainText()

    #expect(text.contains("… 5 older messages"))
    #expect(!text.contains("- IU: message 5\n"))
    #expect(text.contains("- IU: message 6\n"))
    #expect(text.contains("- IU: message 35\n"))
  }

  @Test func action_linesAreRepliesAndSlashCommandsNavigate() {
    let state = ChatFeature.State.iuRoom()

    #expect(view.action(for: .line("b"), in: state) == .view(.sendTapped("b")))
    #expect(view.action(for: InputEvent(line: "/back"), in: state) == .view(.backTapped))
    #expect(view.action(for: .key(.escape), in: state) == .view(.backTapped))
    #expect(view.action(for: InputEvent(line: "/retry"), in: state) == .view(.retryTapped))
    #expect(view.action(for: InputEvent(line: "/reload"), in: state) == .view(.reloadTapped))
    #expect(view.action(for: InputEvent(line: "//slash"), in: state) == .view(.sendTapped("/slash")))
    #expect(view.action(for: InputEvent(line: "/dance"), in: state) == nil)
    #expect(view.startAction == .view(.task))
  }
}
