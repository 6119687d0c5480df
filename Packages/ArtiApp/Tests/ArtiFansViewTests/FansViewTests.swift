import ArtiAppTestSupport
import ArtiFans
import ArtiFansView
import ArtistDataModels
import CommonDataModels
import Foundation
import FrommUI
import MessageDataModels
import MessageRoom
import Testing

struct FansViewTests {
  // 1_795_000_000 is 2026-11-18 11:06:40 UTC, 20:06 in Seoul; minji subscribed at 1_794_000_000,
  // 2026-11-07 06:20 in Seoul.
  let view = FansView(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
  let state = FansFeature.State(
    artistId: artistID, subscribers: [minji, demoFan],
    feed: RoomFeed(
      messages: [broadcast(1, "안녕"), reply(2, "언니 안녕!", from: minji), reply(4, "보고 싶어요", from: minji)],
      hasLoaded: true, isLive: true))

  @Test func render_list_showsSubscribersWithTheirReplyCountsNewestFirst() {
    #expect(
      view.render(state).plainText(width: 60) == """
        Your fans
        =========
        2 subscribers

          1. 민지 (@minji_fan)           2 replies, last 11-18 20:10
          2. Demo Fan (@demo_fan)                         no replies
        Type a number or a username to read that fan's replies.
        [r] Reload
        """)
    #expect(view.render(state).prompt?.label == "Fan")
  }

  @Test func render_thread_showsTheFansRepliesOldestFirstWithTimes() {
    var state = state
    state.openFanId = minji.id
    #expect(
      view.render(state).plainText(width: 60) == """
        민지 (@minji_fan)
        =================
        Subscribed since 11-07 06:20

          - 언니 안녕!                                   11-18 20:08
          - 보고 싶어요                                  11-18 20:10
        [b] All fans  [r] Reload
        """)
  }

  @Test func render_noSubscribersYet_saysSo() {
    let empty = FansFeature.State(artistId: artistID, subscribers: [], feed: RoomFeed(hasLoaded: true))
    #expect(view.render(empty).plainText().contains("No subscribers yet."))
    #expect(view.render(empty).plainText().contains("0 subscribers"))
  }

  @Test func action_numbersAndNamesOpenThreads_backAndRefreshAreCommands() {
    #expect(view.action(for: .line("1"), in: state) == .view(.fanPicked(minji.id)))
    #expect(view.action(for: .line("@demo_fan"), in: state) == .view(.fanPicked(demoFan.id)))
    #expect(view.action(for: .line("민지"), in: state) == .view(.fanPicked(minji.id)))
    #expect(view.action(for: .line("9"), in: state) == .view(.unknownFanNamed("9")))
    #expect(view.action(for: .line("  "), in: state) == nil)
    #expect(view.action(for: .command(name: "reload"), in: state) == .view(.reloadTapped))
    #expect(view.action(for: .line("r"), in: state) == .view(.reloadTapped))
    #expect(view.action(for: .command(name: "back"), in: state) == nil)
    var open = state
    open.openFanId = minji.id
    #expect(view.action(for: .command(name: "back"), in: open) == .view(.backTapped))
    #expect(view.action(for: .key(.escape), in: open) == .view(.backTapped))
    #expect(view.action(for: .line("b"), in: open) == .view(.backTapped))
    #expect(view.action(for: .line("1"), in: open) == nil)
  }

  @Test func render_subscribersOrRoomFailed_saysWhyAndHowToTryAgain() {
    let failed = FansFeature.State(
      artistId: artistID, subscribersError: "Could not read who subscribes: The server is busy.",
      feed: RoomFeed(failure: "Could not load the room: The server is busy."))
    let text = view.render(failed).plainText(width: 200)
    #expect(text.contains("[!] Could not read who subscribes: The server is busy. Type r to try again."))
    #expect(text.contains("[!] Could not load the room: The server is busy. Type r to try again."))
  }
}
