import ArtistDataModels
import FanAppTestSupport
import FanArtistList
import FanArtistListView
import Foundation
import FrommUI
import Testing

@MainActor
struct ArtistListViewTests {
  let view = ArtistListView()
  let state = ArtistListFeature.State(artists: [.akmu, .iu])

  @Test func render_showsSubscriptionMarksAndUnreadCounts() {
    let text = view.render(state).plainText(width: 60)

    #expect(
      text == """
        Artists
        =======
        [x] subscribed — your replies go to the artist only

          1. [ ] AKMU (@akmu)                                 0 fans
          2. [x] IU (@iu_official)                          2 unread
        Type a number to open a room; /sub N subscribes, /unsub N
        unsubscribes.
        [r] Reload  [p] Profile
        """)
  }

  @Test func render_artistWithStatusAndBroadcasts_showsTheStatusAndWhenTheyLastBroadcast() {
    var iu = ArtistSummary.iu
    iu.statusMessage = "Thank you for waiting 💜"
    // 1_795_000_000 is 2026-11-18 11:06:40 UTC, 20:06 in Seoul.
    iu.lastBroadcastAt = Date(timeIntervalSince1970: 1_795_000_000)
    let seoul = ArtistListView(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
    let text = seoul.render(ArtistListFeature.State(artists: [iu])).plainText(width: 80)

    #expect(text.contains("1. [x] IU (@iu_official) · “Thank you for waiting 💜”"))
    #expect(text.contains("2 unread · last broadcast 11-18 20:06"))
  }

  @Test func render_loadingEmptyList_showsProgressOnly() {
    let text = view.render(ArtistListFeature.State(isLoading: true)).plainText()

    #expect(text.contains("(...) Loading artists"))
    #expect(!text.contains("No artists yet"))
  }

  @Test func render_eachProblem_wordsItWithTheKeyThatHelps() {
    let cases: [(ArtistListFeature.Problem, String)] = [
      (
        .loadFailed(.timeout),
        "The server took too long to answer. Try again in a moment. Type r to try again."
      ),
      (
        .subscriptionFailed(artistName: "AKMU", subscribing: false, .timeout),
        "Could not unsubscribe from AKMU: The server took too long to answer. Try again in a moment."
      ),
      (.notSubscribed(artistName: "AKMU", number: 1), "Subscribe to AKMU first: type /sub 1."),
      (.nothingToPick, "There are no artists to pick yet. Type r to load the list."),
      (
        .unknownArtist(name: "9", count: 2),
        "No artist “9” here: use a number from 1 to 2 or a username from the list."
      ),
      (
        .unknownArtist(name: "", count: 2),
        "Say which artist: use a number from 1 to 2 or a username from the list."
      ),
    ]
    for (problem, words) in cases {
      var state = state
      state.error = problem
      #expect(view.render(state).plainText(width: 200).contains("[!] \(words)"), "\(problem)")
    }
  }

  @Test func action_numbersAndNamesPickArtists() {
    #expect(view.action(for: .line("2"), in: state) == .view(.openTapped(1)))
    #expect(view.action(for: .line("@akmu"), in: state) == .view(.openTapped(3)))
    #expect(view.action(for: .line("iu"), in: state) == .view(.openTapped(1)))
    #expect(view.action(for: InputEvent(line: "/sub 1"), in: state) == .view(.subscribeTapped(3)))
    #expect(view.action(for: InputEvent(line: "/sub iu_official"), in: state) == .view(.subscribeTapped(1)))
    #expect(view.action(for: InputEvent(line: "/unsub 2"), in: state) == .view(.unsubscribeTapped(1)))
    #expect(view.action(for: InputEvent(line: "/open akmu"), in: state) == .view(.openTapped(3)))
    #expect(view.action(for: .line("r"), in: state) == .view(.reloadTapped))
    #expect(view.action(for: InputEvent(line: "/reload"), in: state) == .view(.reloadTapped))
    #expect(view.action(for: .line("P"), in: state) == .view(.profileTapped))
  }

  @Test func action_garbage_namesTheProblemOrIsLeftToTheLoop() {
    #expect(view.action(for: .line("7"), in: state) == .view(.unknownArtistNamed("7")))
    #expect(view.action(for: .line("-1"), in: state) == .view(.unknownArtistNamed("-1")))
    #expect(view.action(for: InputEvent(line: "/sub"), in: state) == .view(.unknownArtistNamed("")))
    #expect(
      view.action(for: InputEvent(line: "/sub nobody"), in: state) == .view(.unknownArtistNamed("nobody")))
    #expect(view.action(for: .line("zzz"), in: state) == nil)
    #expect(view.action(for: .line(""), in: state) == nil)
    #expect(view.action(for: InputEvent(line: "/dance"), in: state) == nil)
  }
}
