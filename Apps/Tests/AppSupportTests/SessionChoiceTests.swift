import Testing

@testable import AppSupport

struct SessionChoiceTests {
  func decide(user: String? = nil, interactive: Bool, saved: [String]) throws(StartupError) -> SessionChoice {
    try SessionChoice.decide(
      user: user, interactive: interactive, saved: saved, app: "fan", dataDirectory: "/d")
  }

  @Test func terminal_withoutUser_resumesTheAccountUsedLast() throws {
    #expect(
      try decide(interactive: true, saved: ["minji_fan", "demo_fan"]) == SessionChoice(account: "minji_fan"))
    #expect(try decide(interactive: true, saved: []) == SessionChoice(account: nil))
  }

  @Test func terminal_withUser_resumesThatAccount_orSignsInWhenNoneIsSaved() throws {
    #expect(
      try decide(user: "demo_fan", interactive: true, saved: ["minji_fan", "demo_fan"]).account == "demo_fan")
    #expect(
      try decide(user: "new_fan", interactive: true, saved: ["minji_fan"])
        == SessionChoice(account: "new_fan"))
  }

  @Test func script_withoutUser_resumesNothing_andSaysWhichSessionsItLeftAlone() throws {
    let choice = try decide(interactive: false, saved: ["minji_fan", "demo_fan"])
    #expect(choice.account == nil)
    #expect(
      choice.notice
        == "fan: plain mode signs in from its input and does not resume the saved session of demo_fan, "
        + "minji_fan; pass --user NAME to resume one.")
    #expect(try decide(interactive: false, saved: []) == SessionChoice(account: nil, notice: nil))
  }

  @Test func script_withUser_resumesThatAccount_orStopsWhenNoneIsSaved() throws {
    #expect(
      try decide(user: "demo_fan", interactive: false, saved: ["demo_fan"])
        == SessionChoice(account: "demo_fan"))
    #expect(
      throws: StartupError(
        "No session is saved for minji_fan in '/d'. Sign in from the script instead (leave out --user), "
          + "or sign in once at a terminal with: fan --user minji_fan")
    ) {
      try decide(user: "minji_fan", interactive: false, saved: ["demo_fan"])
    }
  }
}
