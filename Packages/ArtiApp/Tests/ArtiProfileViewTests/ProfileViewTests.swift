import ArtiAppTestSupport
import ArtiProfile
import ArtiProfileView
import ComposableArchitecture
import FrommUI
import Testing

struct ProfileViewTests {
  let view = ProfileView()

  @Test func render_showsNameStatusAndSubscribers() {
    let text = view.render(ProfileFeature.State(profile: profile(statusMessage: "Love poem", subscribers: 1)))
      .plainText()
    #expect(text.contains("아이유 (@iu_official)"))
    #expect(text.contains("Love poem"))
    #expect(text.contains("1 subscriber"))
    #expect(text.contains("[e] Edit"))
  }

  @Test func input_confirmationShown_numbersPickItsButtons() {
    let state = ProfileFeature.State(
      profile: profile(), confirmationDialog: ProfileFeature.signOutConfirmation)
    #expect(view.render(state).plainText().contains("Sign out?"))
    #expect(view.action(for: .line("1"), in: state) == .confirmationDialog(.presented(.confirmSignOut)))
    #expect(view.action(for: .line("2"), in: state) == .confirmationDialog(.dismiss))
    #expect(view.action(for: .line("e"), in: state) == nil)
  }

  @Test func input_editing_commandsChangeValuesAndSave() {
    let state = ProfileFeature.State(
      profile: profile(), editor: ProfileFeature.Editor(displayName: "아이유", statusMessage: ""))
    #expect(
      view.action(for: .command(name: "name", argument: "IU"), in: state) == .view(.displayNameChanged("IU")))
    #expect(
      view.action(for: .command(name: "status", argument: ""), in: state) == .view(.statusMessageChanged("")))
    #expect(view.action(for: .line("s"), in: state) == .view(.saveTapped))
    #expect(view.action(for: .line("c"), in: state) == .view(.cancelEditTapped))
    #expect(view.render(state).plainText().contains("Display name: 아이유"))
  }

  @Test func input_notEditing_lettersRunTheMenu() {
    let state = ProfileFeature.State(profile: profile())
    #expect(view.action(for: .line("e"), in: state) == .view(.editTapped))
    #expect(view.action(for: .line("r"), in: state) == .view(.reloadTapped))
    #expect(view.action(for: .line("o"), in: state) == .view(.signOutTapped))
    #expect(view.action(for: .line("hello"), in: state) == nil)
  }
}
