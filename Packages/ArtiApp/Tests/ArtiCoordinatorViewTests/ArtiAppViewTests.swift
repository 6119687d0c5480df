import ArtiAppTestSupport
import ArtiCoordinator
import ArtiCoordinatorView
import ArtiFans
import ArtiProfile
import ArtiSignInPassword
import ArtiSignInUsername
import ComposableArchitecture
import FrommUI
import Testing

struct ArtiAppViewTests {
  let view = ArtiAppView()

  @Test func intro_lLogsInAloneSignupCreatesAnAccount_otherInputIsIgnored() {
    let state = ArtiAppFeature.State(notice: "You signed out.")
    let screen = view.render(state)
    #expect(screen.plainText().contains("[i] You signed out."))
    #expect(screen.plainText().contains("[l] Log in  [/signup] Create an account"))
    // Nothing is typed on the intro: the loop acts on `l` as soon as it is pressed.
    #expect(screen.prompt == nil)
    #expect(view.action(for: .line("l"), in: state) == .view(.logInTapped))
    #expect(view.action(for: .command(name: "signup"), in: state) == .view(.signUpTapped))
    #expect(view.action(for: .line("iu_official"), in: state) == nil)
    #expect(view.startAction == .view(.task))
  }

  @Test func restoring_showsProgressAndTakesNoInput() {
    let state = ArtiAppFeature.State(isRestoring: true)
    #expect(view.render(state).plainText().contains("Restoring your session"))
    #expect(view.action(for: .line("l"), in: state) == nil)
  }

  @Test func signInScreens_inputGoesToTheTopScreen() {
    let state = ArtiAppFeature.State(
      path: StackState([
        .username(SignInUsernameFeature.State(username: "iu_official", inputState: .ok)),
        .password(SignInPasswordFeature.State(username: "iu_official")),
      ]))
    #expect(view.render(state).plainText().contains("Password for iu_official"))
    #expect(
      view.action(for: .line("fromm-demo-1"), in: state)
        == .path(.element(id: 1, action: .password(.view(.passwordSubmitted("fromm-demo-1"))))))
  }

  @Test func home_slashCommandsSwitchTabs_linesGoToTheRoom() {
    let state = ArtiAppFeature.State(home: HomeFeature.State(session: session()))
    #expect(view.render(state).plainText().contains("Your room"))
    #expect(
      view.action(for: .command(name: "profile"), in: state)
        == .home(.presented(.view(.tabSelected(.profile)))))
    #expect(view.action(for: .line("안녕"), in: state) == .home(.presented(.room(.view(.sendTapped("안녕"))))))
    let profileTab = ArtiAppFeature.State(
      home: HomeFeature.State(
        session: session(), tab: .profile, profile: ProfileFeature.State(profile: artistProfile)))
    #expect(view.render(profileTab).plainText().contains("2 subscribers"))
    #expect(
      view.action(for: .line("o"), in: profileTab) == .home(.presented(.profile(.view(.signOutTapped)))))
    #expect(
      view.action(for: .command(name: "room"), in: profileTab)
        == .home(.presented(.view(.tabSelected(.room)))))
  }

  @Test func home_fansTab_listsFansAndANumberOpensTheirThread() {
    let state = ArtiAppFeature.State(home: HomeFeature.State(session: session()))
    #expect(view.render(state).plainText().contains("[/fans] Fans"))
    #expect(
      view.action(for: .command(name: "fans"), in: state) == .home(.presented(.view(.tabSelected(.fans)))))
    let fansTab = ArtiAppFeature.State(
      home: HomeFeature.State(
        session: session(), tab: .fans, fans: FansFeature.State(artistId: 1, subscribers: [minji])))
    #expect(view.render(fansTab).plainText().contains("1. 민지 (@minji_fan)"))
    #expect(view.action(for: .line("1"), in: fansTab) == .home(.presented(.fans(.view(.fanPicked(7))))))
    #expect(
      view.action(for: .command(name: "room"), in: fansTab) == .home(.presented(.view(.tabSelected(.room)))))
  }

  @Test func home_repliesWhileAwayFromTheRoom_areCountedOnTheRoomTab() {
    let away = ArtiAppFeature.State(home: HomeFeature.State(session: session(), tab: .fans, newReplies: 3))
    #expect(view.render(away).plainText().contains("[/room] Room (3 new)"))
    let back = ArtiAppFeature.State(home: HomeFeature.State(session: session()))
    #expect(!view.render(back).plainText().contains(" new)"))
  }

  @MainActor
  @Test func home_helpOnTheProfileTab_listsTheTabsAndTheProfileKeysOfTheSharedMap() async {
    let store = Store(
      initialState: HomeFeature.State(
        session: session(), tab: .profile, profile: ProfileFeature.State(profile: artistProfile))
    ) {
      HomeFeature()
    }
    let (terminal, pipe) = Terminal.inMemory(size: TerminalSize(columns: 60, rows: 40))
    pipe.type("/help\n")
    pipe.close()

    let status = await TerminalLoop(store: store, view: HomeView(), terminal: terminal).run()

    #expect(status == 0)
    #expect(
      pipe.output.hasSuffix(
        """
        Keys and commands here:
          /room        Room
          /fans        Fans
          /profile     Profile
          e, /edit     Edit
          r, /reload   Reload
          o, /signout  Sign out
          /help, ?     This list

        """))
  }
}
