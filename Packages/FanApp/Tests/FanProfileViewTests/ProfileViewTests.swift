import FanAppTestSupport
import FanProfile
import FanProfileView
import FrommUI
import Testing

@MainActor
struct ProfileViewTests {
  let view = ProfileView()

  @Test func render_showsNicknameArtistsSee() {
    let text = view.render(ProfileFeature.State(profile: .minji())).plainText(width: 60)

    #expect(
      text == """
        Profile
        =======

        Username: @minji_fan
        Nickname (what artists see): Minji
        Subscriptions: 1
        [e] Edit nickname  [o] Sign out  [b] Back  [r] Reload
        """)
  }

  @Test func render_editing_focusesNicknameField() {
    let screen = view.render(ProfileFeature.State(profile: .minji(), isEditing: true, draft: "Minji K"))

    #expect(screen.prompt == InputPrompt(label: "Nickname"))
    #expect(screen.plainText().contains("New nickname: 1–30 characters."))
    #expect(screen.plainText().contains("[/cancel] Keep the old nickname  [/retry] Save again"))
  }

  @Test func signOutConfirmation_isShownAndNumbersPickItsButtons_asInTheArtistApp() {
    let state = ProfileFeature.State(
      profile: .minji(), confirmationDialog: ProfileFeature.signOutConfirmation)
    let text = view.render(state).plainText(width: 60)

    #expect(text.contains("Sign out?"))
    #expect(text.contains("You will need your password to sign in again."))
    #expect(!text.contains("[e] Edit nickname"))
    #expect(view.action(for: .line("1"), in: state) == .confirmationDialog(.presented(.confirmSignOut)))
    #expect(view.action(for: .line("2"), in: state) == .confirmationDialog(.dismiss))
    #expect(view.action(for: .line("e"), in: state) == nil)
  }

  @Test func action_menuWhenBrowsing_linesWhenEditing() {
    let browsing = ProfileFeature.State(profile: .minji())
    let editing = ProfileFeature.State(profile: .minji(), isEditing: true)

    #expect(view.action(for: .line("e"), in: browsing) == .view(.editTapped))
    #expect(view.action(for: .line("o"), in: browsing) == .view(.signOutTapped))
    #expect(view.action(for: .line("s"), in: browsing) == nil)
    #expect(view.action(for: .line("b"), in: browsing) == .view(.backTapped))
    #expect(view.action(for: .line("r"), in: browsing) == .view(.task))
    #expect(view.action(for: .line("zzz"), in: browsing) == nil)
    #expect(view.action(for: .line("s"), in: editing) == .view(.nicknameSubmitted("s")))
    #expect(view.action(for: InputEvent(line: "/cancel"), in: editing) == .view(.cancelTapped))
    #expect(view.action(for: .key(.escape), in: editing) == .view(.cancelTapped))
    #expect(view.action(for: .key(.escape), in: browsing) == .view(.backTapped))
    #expect(view.action(for: InputEvent(line: "/retry"), in: editing) == .view(.retryTapped))
    #expect(view.startAction == .view(.task))
  }
}
