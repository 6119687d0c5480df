import FanChat
import FrommUI
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

  @Test func action_linesAreRepliesAndSlashCommandsNavigate() {
    let state = ChatFeature.State.iuRoom()

    #expect(view.action(for: .line("b"), in: state) == .view(.sendTapped("b")))
    #expect(view.action(for: InputEvent(line: "/back"), in: state) == .view(.backTapped))
    #expect(view.action(for: InputEvent(line: "/retry"), in: state) == .view(.retryTapped))
    #expect(view.action(for: InputEvent(line: "/reload"), in: state) == .view(.reloadTapped))
    #expect(view.action(for: InputEvent(line: "//slash"), in: state) == .view(.sendTapped("/slash")))
    #expect(view.action(for: InputEvent(line: "/dance"), in: state) == nil)
    #expect(view.startAction == .view(.task))
  }
}
