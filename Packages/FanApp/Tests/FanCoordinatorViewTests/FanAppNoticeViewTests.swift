import AuthDataModels
import FanArtistList
import FanChat
import FanCoordinator
import FanCoordinatorView
import FrommUI
import MessageClient
import MessageRoom
import Testing

@MainActor
struct FanAppNoticeViewTests {
  static func inIUsRoom(notice: FanAppFeature.NewMessageNotice?) -> FanAppFeature.State {
    FanAppFeature.State(
      signIn: nil, account: Account(id: 5, username: "minji_fan", role: .fan, displayName: "Minji"),
      artists: ArtistListFeature.State(),
      destination: .chat(
        ChatFeature.State(
          artistId: 1, artistName: "IU", artistUsername: "iu_official", myId: 5,
          feed: RoomFeed(messages: [], hasLoaded: true, isLive: true))),
      newMessageNotice: notice)
  }

  @Test func render_inARoomWithNewsElsewhere_namesTheArtistAndHowToReachTheList() {
    let state = Self.inIUsRoom(notice: FanAppFeature.NewMessageNotice(artistId: 2, artistName: "TAEYEON"))
    let lines = FanAppView().render(state).plainText(width: 120).split(separator: "\n")

    #expect(lines.contains("[i] New message from TAEYEON. Type /back to see your artists."))
  }

  @Test func render_inARoomWithoutNews_showsNoNotice() {
    let text = FanAppView().render(Self.inIUsRoom(notice: nil)).plainText(width: 120)
    #expect(!text.contains("New message from"))
  }
}
