import ArtiAppTestSupport
import ArtiRoomView
import CommonDataModels
import CommonKit
import ComposableArchitecture
import Foundation
import FrommUI
import MessageDataModels
import MessageRoom
import Testing

struct RoomViewTests {
  let view = RoomView(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)

  @Test func render_listsOldestFirstWithWhoAndWhen() {
    let state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(
        messages: [message(1, "안녕", kind: .broadcast, minute: 0), message(2, "언니 안녕!", minute: 5)],
        hasLoaded: true, isLive: true))
    let lines = view.render(state).plainText().split(separator: "\n").map(String.init)
    let broadcast = lines.firstIndex { $0.contains("You: 안녕") }
    let reply = lines.firstIndex { $0.contains("<- 민지 (@minji_fan): 언니 안녕!") }
    #expect(reply != nil && broadcast != nil)
    #expect((broadcast ?? 0) < (reply ?? 0))
    // 1_795_000_000 is 2026-11-18 11:06:40 UTC, 20:06 in Seoul; the reply came 5 minutes later.
    #expect(lines.contains { $0.contains("언니 안녕!") && $0.hasSuffix("11-18 20:11") })
    #expect(lines.contains { $0.contains("New replies appear") })
  }

  @Test func render_repliesUnreadWhenOpened_marksWhereTheyStartWithALine() {
    var state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(
        messages: [
          message(1, "안녕", kind: .broadcast), message(2, "언니!", minute: 1), message(3, "또!", minute: 2),
        ],
        hasLoaded: true))
    state.firstUnreadId = 2
    #expect(
      view.render(state).plainText(width: 60).contains(
        """
          - You: 안녕                                    11-18 20:06
        -- new since you last read --
          - <- 민지 (@minji_fan): 언니!                  11-18 20:07
        """))
    state.firstUnreadId = nil
    #expect(!view.render(state).plainText(width: 60).contains("new since you last read"))
  }

  @Test func render_manyMessagesIn60x20Window_keepsTheHeaderAndTheNewestReplyVisible() {
    let messages = (1...40).map { message(MessageID(rawValue: Int64($0)), "reply number \($0)", minute: $0) }
    let state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(messages: messages, hasLoaded: true, isLive: true))
    let lines = view.render(state).plainText(width: 60, height: 19).split(separator: "\n").map(String.init)
    #expect(lines.count <= 19)
    #expect(lines.first == "Your room")
    #expect(lines.contains { $0.contains("reply number 40") })
    #expect(lines.contains { $0.contains("earlier messages above (PageUp)") })
    // The menu stays under the messages, its last entry on the last line.
    #expect(lines.suffix(2).contains { $0.contains("/reload") })
    #expect(lines.last?.contains("/delete") == true)
  }

  @Test func searching_showsTheMatchesInsteadOfTheRoom_andEscapeGoesBack() {
    var state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(messages: [message(1, "Tour dates", kind: .broadcast)], hasLoaded: true, isLive: true))
    #expect(view.action(for: InputEvent(line: "/search tour"), in: state) == .view(.searchTapped("tour")))
    state.search = RoomSearch(text: "tour", matches: state.feed.messages)
    #expect(view.render(state).plainText(width: 60).contains("Search: \"tour\""))
    #expect(view.action(for: InputEvent(line: "/back"), in: state) == .view(.searchClosed))
    #expect(view.action(for: InputEvent(line: "/search date"), in: state) == .view(.searchTapped("date")))
  }

  @Test func deleting_asksYesOrNo_andOnlyYDeletes() {
    var state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(messages: [message(1, "Wrong date", kind: .broadcast)], hasLoaded: true, isLive: true))
    #expect(view.action(for: InputEvent(line: "/delete"), in: state) == .view(.deleteTapped(nil)))
    state.deleting = state.feed.messages.first
    let screen = view.render(state)
    #expect(
      screen.plainText(width: 100).contains(
        "Delete your broadcast \"Wrong date\"? It goes from every fan's room."))
    #expect(screen.prompt?.label == "Delete? (y/n)")
    #expect(view.action(for: .line("Y"), in: state) == .view(.deleteConfirmed))
    #expect(view.action(for: .line(""), in: state) == .view(.deleteCancelled))
    #expect(view.action(for: InputEvent(line: "/reload"), in: state) == nil)
  }

  @Test func render_tooLongBroadcast_saysHowMuchToCutAndKeepsItInTheLine() {
    let long = String(repeating: "가", count: 612)
    let state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast, refusedText: long, problem: .tooLong(count: 612)))
    let screen = view.render(state)
    #expect(
      screen.plainText(width: 200).contains(
        "[!] Your broadcast has 612 characters, 112 over the limit of 500. It is kept: cut 112. Then press Enter again."
      ))
    #expect(screen.prompt == InputPrompt(label: "Broadcast", characterLimit: 500, keptText: long))
    #expect(!screen.plainText(width: 200).contains("/retry"))
  }

  @Test func render_broadcastNotSent_showsWhyTheKeptTextAndRetry() {
    let state = Room.State(
      artistId: artistID,
      outbox: Outbox(
        kind: .broadcast, queue: [.init(text: "안녕", key: UUID(0))],
        problem: .notSent(.unreachable("connection refused"))))
    let screen = view.render(state)
    let text = screen.plainText(width: 200)
    #expect(text.contains("[!] Your broadcast was not sent: "))
    #expect(text.contains("It is kept. Type /retry to send it again."))
    #expect(text.contains("[i] Unsent broadcast: 안녕"))
    #expect(text.contains("[/retry] Send the kept broadcast again"))
    #expect(text.contains("[/discard] Forget the kept broadcasts"))
    #expect(screen.prompt == InputPrompt(label: "Broadcast", characterLimit: 500))
  }

  @Test func render_emptyRoom_invitesTheFirstBroadcast() {
    let state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast), feed: RoomFeed(hasLoaded: true))
    #expect(view.render(state).plainText().contains("No messages yet"))
    #expect(view.render(state).plainText().contains("up to \(MessageRules.maxLength) characters"))
  }

  @Test func render_interruption_isShownAsANotice() {
    let state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(hasLoaded: true, interruption: "Still trying."))
    #expect(view.render(state).plainText().contains("[i] Still trying."))
  }

  @Test func input_lineIsABroadcast_reloadIsACommand() {
    let state = Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))
    #expect(view.action(for: .line("안녕하세요"), in: state) == .view(.sendTapped("안녕하세요")))
    #expect(view.action(for: .line("r"), in: state) == .view(.sendTapped("r")))
    #expect(view.action(for: .command(name: "reload"), in: state) == .view(.reloadTapped))
    #expect(view.action(for: .command(name: "refresh"), in: state) == nil)
    #expect(view.action(for: .command(name: "retry"), in: state) == nil)
    #expect(view.action(for: .command(name: "discard"), in: state) == nil)
    var kept = state
    kept.outbox.queue = [.init(text: "kept", key: UUID(0))]
    #expect(view.action(for: .command(name: "retry"), in: kept) == .view(.retryTapped))
    #expect(view.action(for: .command(name: "discard"), in: kept) == .view(.discardTapped))
    #expect(view.action(for: .line("  "), in: state) == nil)
  }

  @Test func render_longRoom_listsEveryMessageRead_andNamesNoPageKey() {
    let messages = (1...45).map { message(MessageID(rawValue: Int64($0)), "reply number \($0)", minute: $0) }
    let state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(messages: messages, hasLoaded: true, isLive: true))
    let text = view.render(state).plainText(width: 80)
    // The run loop fits the log to the window and counts what is above it, once.
    #expect(text.contains("reply number 1 "))
    #expect(text.contains("reply number 45 "))
    #expect(!text.contains("PageUp") && !text.contains("earlier message"))
  }

  @Test func render_olderOnTheServer_saysHowToReadThem() {
    var state = Room.State(
      artistId: artistID, outbox: Outbox(kind: .broadcast),
      feed: RoomFeed(messages: [message(9, "hi")], hasLoaded: true, hasOlder: true))
    #expect(view.render(state).plainText(width: 80).contains("… older messages (/older)"))
    state.feed.isLoadingOlder = true
    #expect(view.render(state).plainText(width: 80).contains("Loading older messages"))
  }

  @Test func input_pageUpAndOlderReadOlder_pageDownIsTheLoops() {
    let state = Room.State(artistId: artistID, outbox: Outbox(kind: .broadcast))
    #expect(view.action(for: .key(.pageUp), in: state) == .view(.olderTapped))
    #expect(view.action(for: .command(name: "older"), in: state) == .view(.olderTapped))
    #expect(view.action(for: .key(.pageDown), in: state) == nil)
  }
}
