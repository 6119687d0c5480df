import Testing

@testable import FrommUI

@MainActor
@Suite struct DraftsTests {
  private func room(_ artist: String) -> Screen {
    Screen {
      Component.header(artist)
      Component.prompt("Reply")
    }
  }

  private let signIn = Screen {
    Component.header("Sign in")
    Component.prompt("Username")
  }

  @Test func show_anotherScreen_takesTheDraftAwayAndBringsItBackWithItsScreen() {
    var drafts = Drafts()
    #expect(drafts.show(room("IU"), typed: "") == "")
    #expect(drafts.show(room("IU"), typed: "half a re") == nil)
    // The session ended elsewhere: the sign-in form starts empty.
    #expect(drafts.show(signIn, typed: "half a reply") == "")
    #expect(drafts.show(room("AKMU"), typed: "minji_fan") == "")
    #expect(drafts.show(room("IU"), typed: "") == "half a reply")
    #expect(drafts.show(signIn, typed: "") == "minji_fan")
  }

  @Test func show_whileTypingAhead_carriesWhatWasTypedToTheNextScreen() {
    var drafts = Drafts()
    _ = drafts.show(signIn, typed: "")
    drafts.lineSent()
    drafts.edited(isWorking: true)
    #expect(drafts.show(room("IU"), typed: "hello") == "hello")
    // Typed on the room it brought: the room's own draft from now on.
    drafts.edited(isWorking: true)
    #expect(drafts.show(signIn, typed: "half") == "")
    drafts.lineSent()
    #expect(drafts.show(room("IU"), typed: " more") == "half more")
  }

  @Test func show_leavingASecretPrompt_keepsNothingOfIt() {
    var drafts = Drafts()
    let password = Screen {
      Component.header("Sign in")
      Component.prompt("Password", isSecure: true)
    }
    _ = drafts.show(password, typed: "")
    #expect(drafts.show(signIn, typed: "hunter22") == "")
    #expect(drafts.show(password, typed: "") == "")
  }
}
