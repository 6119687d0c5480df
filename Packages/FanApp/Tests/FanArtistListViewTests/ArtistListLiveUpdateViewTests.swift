import ArtistDataModels
import FanAppTestSupport
import FanArtistList
import FanArtistListView
import FrommUI
import Testing

@MainActor
struct ArtistListLiveUpdateViewTests {
  @Test func render_countsNotLive_saysWhyWhenItTriesAgainAndHowToReloadNow() {
    let state = ArtistListFeature.State(
      artists: [.iu],
      liveUpdatesPause: ArtistListFeature.LiveUpdatesPause(error: .timeout, retryIn: .seconds(8)))
    let text = ArtistListView().render(state).plainText(width: 200)

    #expect(
      text.contains(
        "Unread counts are not live: The server took too long to answer. Try again in a moment. "
          + "Trying again in 8 s. Type r to reload now."))
  }

  @Test func render_countsLive_saysNothingAboutThem() {
    let text = ArtistListView().render(ArtistListFeature.State(artists: [.iu])).plainText(width: 200)
    #expect(!text.contains("not live"))
  }
}
