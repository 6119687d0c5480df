import ComposableArchitecture
import FrommUI
import Testing

struct AlertStateTests {
  enum Choice: Equatable, Sendable { case signOut }

  let alert = AlertState<Choice>(
    title: "로그아웃할까요?", message: "Sign in again with your password.",
    buttons: [.destructive("Sign out", action: .signOut), .cancel("Cancel")])

  @Test func alertContent_keepsTitleMessageButtonsAndRoles() {
    #expect(
      alert.alertContent
        == AlertContent(
          title: "로그아웃할까요?", message: "Sign in again with your password.",
          buttons: [.init("Sign out", role: .destructive), .init("Cancel", role: .cancel)]))
  }

  @Test func response_chosenButton_sendsItsActionOrDismisses() {
    #expect(alert.response(to: .line("1")) == .presented(.signOut))
    #expect(alert.response(to: .line("sign out")) == .presented(.signOut))
    #expect(alert.response(to: .line("2")) == .dismiss)
    #expect(alert.response(to: .key(.escape)) == .dismiss)
    #expect(alert.response(to: .line("9")) == nil)
  }

  @Test func response_alertWithoutButtons_okDismisses() {
    #expect(AlertState<Choice>(title: "Saved").response(to: .line("")) == .dismiss)
  }

  @Test func confirmationDialog_hiddenTitle_rendersAsDialogWithoutTitle() {
    let dialog = ConfirmationDialogState<Choice>(
      title: "Leave?", titleVisibility: .hidden,
      buttons: [.destructive("Leave", action: .signOut), .cancel("Stay")])
    #expect(dialog.alertContent.style == .confirmationDialog)
    #expect(dialog.alertContent.title.isEmpty)
    #expect(dialog.response(to: .line("leave")) == .presented(.signOut))
  }
}
