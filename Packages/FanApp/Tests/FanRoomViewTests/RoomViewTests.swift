import CommonDataModels
import FanAppTestSupport
import FanRoom
import FanRoomView
import Foundation
import FrommUI
import MessageClient
import MessageDataModels
import MessageRoom
import Testing

@MainActor
struct RoomViewTests {
  // 1_800_000_000 is 2027-01-15 08:00 UTC, 17:00 in Seoul.
  let view = RoomView(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)

  @Test func render_showsArtistAndOwnRepliesOldestFirstWithTimes() {
    let state = RoomFeature.State.iuRoom([.broadcast(1, "안녕하세요"), .reply(2, "반가워요")])
    let screen = view.render(state)

    #expect(
      screen.plainText(width: 60) == """
        IU (@iu_official)
        =================
        Your replies are seen by IU only

          - IU: 안녕하세요                               01-15 17:00
          - You: 반가워요                                01-15 17:00
        Type a reply and press Enter (at most 500 characters).
        [/back] Leave the room  [/reload] Reload
        [/older] Older messages
        [/delete] Delete your last reply (asks first)
        """)
    #expect(screen.prompt == InputPrompt(label: "Reply", characterLimit: 500))
  }

  @Test func render_unreadWhenOpened_marksWhereTheyStartWithALine() {
    var state = RoomFeature.State.iuRoom([.broadcast(1, "읽음"), .broadcast(2, "새 소식"), .reply(3, "네!")])
    state.room.firstUnreadId = 2
    let text = view.render(state).plainText(width: 60)
    #expect(
      text.contains(
        """
          - IU: 읽음                                     01-15 17:00
        -- new since you last read --
          - IU: 새 소식                                  01-15 17:00
        """))
  }

  @Test func searching_showsTheMatchesInsteadOfTheRoom_andEscapeGoesBack() {
    var state = RoomFeature.State.iuRoom([.broadcast(1, "안녕하세요"), .reply(2, "반가워요")])
    #expect(
      view.action(for: InputEvent(line: "/search 안녕"), in: state) == .room(.view(.searchTapped("안녕"))))
    state.room.search = RoomSearch(text: "안녕", matches: [state.room.feed.messages[0]], hasOlder: true)
    let text = view.render(state).plainText(width: 60)
    #expect(text.contains("Search: \"안녕\"") && text.contains("IU: 안녕하세요") && !text.contains("반가워요"))
    #expect(view.action(for: .key(.escape), in: state) == .room(.view(.searchClosed)))
    #expect(view.action(for: .key(.pageUp), in: state) == .room(.view(.olderMatchesTapped)))
    #expect(view.action(for: .line("a reply"), in: state) == nil, "nothing is sent from the search")
  }

  @Test func deleting_asksYesOrNo_andOnlyYDeletes() {
    var state = RoomFeature.State.iuRoom([.broadcast(1, "안녕하세요"), .reply(2, "반가워요")])
    #expect(view.action(for: InputEvent(line: "/delete"), in: state) == .room(.view(.deleteTapped(nil))))
    state.room.deleting = state.room.feed.messages.last
    let text = view.render(state).plainText(width: 100)
    #expect(text.contains("Delete your reply \"반가워요\"? IU will not see it any more."))
    #expect(text.contains("[y] Yes, delete it  [n] No, keep it"))
    #expect(view.render(state).prompt?.label == "Delete? (y/n)")
    #expect(view.action(for: .line("y"), in: state) == .room(.view(.deleteConfirmed)))
    #expect(view.action(for: .line("n"), in: state) == .room(.view(.deleteCancelled)))
    #expect(view.action(for: .key(.escape), in: state) == .room(.view(.deleteCancelled)))
    #expect(
      view.action(for: .line("hello"), in: state) == nil, "a reply is not sent while the question is open")
    state.room.deleting = nil
    state.room.deletionFailure = "You have no message here to delete."
    #expect(view.render(state).plainText(width: 60).contains("You have no message here to delete."))
  }

  @Test func render_replyNotSent_showsWhyAndTheKeptReply() {
    var state = RoomFeature.State.iuRoom()
    state.room.outbox = Outbox(
      kind: .reply, queue: [.init(text: "kept", key: UUID(0))], problem: .notSent(.timeout))
    let text = view.render(state).plainText(width: 200)

    #expect(
      text.contains(
        "[!] Your reply was not sent: \(APIError.timeout.message) It is kept. Type /retry to send it again."))
    #expect(text.contains("[/retry] Send the kept reply again  [/discard] Forget the kept replies"))
    #expect(text.contains("[i] Unsent reply: kept"))
    #expect(view.render(state).prompt?.keptText == nil)
  }

  @Test func render_roomFailedBeforeAndAfterLoading_saysWhichCommandStartsItAgain() {
    var state = RoomFeature.State.iuRoom()
    state.room.feed.fail(.timeout)
    #expect(
      view.render(state).plainText(width: 200).contains(
        "[!] Could not load the room: \(APIError.timeout.message) Type /reload to try again."))

    state = RoomFeature.State.iuRoom([.broadcast(1, "hi")])
    state.room.feed.hasLoaded = true
    state.room.feed.fail(.timeout)
    #expect(
      view.render(state).plainText(width: 200).contains(
        "[!] New messages stopped arriving: \(APIError.timeout.message) Type /reload to follow the room again."
      ))
  }

  @Test func render_replyOverTheLimit_saysHowMuchToCutAndKeepsItInTheLine() {
    let long = String(repeating: "a", count: 530)
    var state = RoomFeature.State.iuRoom()
    state.room.outbox = Outbox(kind: .reply, refusedText: long, problem: .tooLong(count: 530))
    let screen = view.render(state)

    #expect(
      screen.plainText(width: 200).contains("[!] Your reply has 530 characters, 30 over the limit of 500."))
    #expect(!screen.plainText(width: 200).contains("Unsent reply"))
    #expect(screen.prompt == InputPrompt(label: "Reply", characterLimit: 500, keptText: long))
  }

  @Test func render_interruption_isShownAsANotice() {
    var state = RoomFeature.State.iuRoom()
    state.room.feed.interruption = "New messages are not arriving."

    #expect(view.render(state).plainText().contains("[i] New messages are not arriving."))
  }

  @Test func render_longRoom_listsEveryMessageRead_andNamesNoPageKey() {
    let messages = (1...35).map { Message.broadcast(MessageID(Int64($0)), "message \($0)") }
    let text = view.render(RoomFeature.State.iuRoom(messages)).plainText()

    // The run loop fits the log to the window and counts what is above it, once.
    #expect(text.contains("- IU: message 1 "))
    #expect(text.contains("- IU: message 35 "))
    #expect(!text.contains("PageUp") && !text.contains("earlier message"))
  }

  @Test func render_olderOnTheServer_saysHowToReadThemAndWhileTheyLoad() {
    var state = RoomFeature.State.iuRoom([.broadcast(50, "newest read")])
    state.room.feed.hasOlder = true
    #expect(view.render(state).plainText(width: 80).contains("… older messages (/older)"))
    state.room.feed.isLoadingOlder = true
    #expect(view.render(state).plainText(width: 80).contains("Loading older messages"))
    state.room.feed.isLoadingOlder = false
    state.room.feed.olderFailure = "Could not load older messages: Timed out."
    #expect(
      view.render(state).plainText(width: 120)
        .contains("[!] Could not load older messages: Timed out. Type /older to try again."))
  }

  @Test func action_pageUpAndOlderCommand_readOlder_pageDownIsTheLoops() {
    let state = RoomFeature.State.iuRoom()

    #expect(view.action(for: .key(.pageUp), in: state) == .room(.view(.olderTapped)))
    #expect(view.action(for: InputEvent(line: "/older"), in: state) == .room(.view(.olderTapped)))
    #expect(view.action(for: .key(.pageDown), in: state) == nil)
  }

  @Test func action_linesAreRepliesAndSlashCommandsNavigate() {
    let state = RoomFeature.State.iuRoom()

    #expect(view.action(for: .line("b"), in: state) == .room(.view(.sendTapped("b"))))
    #expect(view.action(for: InputEvent(line: "/back"), in: state) == .view(.backTapped))
    #expect(view.action(for: .key(.escape), in: state) == .view(.backTapped))
    #expect(view.action(for: InputEvent(line: "/retry"), in: state) == nil)
    #expect(view.action(for: InputEvent(line: "/discard"), in: state) == nil)
    var kept = state
    kept.room.outbox = Outbox(kind: .reply, queue: [.init(text: "kept", key: UUID(0))])
    #expect(view.action(for: InputEvent(line: "/retry"), in: kept) == .room(.view(.retryTapped)))
    #expect(view.action(for: InputEvent(line: "/discard"), in: kept) == .room(.view(.discardTapped)))
    #expect(view.action(for: InputEvent(line: "/reload"), in: state) == .room(.view(.reloadTapped)))
    #expect(view.action(for: InputEvent(line: "//slash"), in: state) == .room(.view(.sendTapped("/slash"))))
    #expect(view.action(for: InputEvent(line: "/dance"), in: state) == nil)
    #expect(view.startAction == .room(.view(.task)))
  }
}
