import Testing

@testable import FrommUI

struct KeyMapTests {
  @Test func matches_keyCommandAliasAndEscape_runTheBindingAndOtherInputDoesNot() {
    #expect(KeyMap.reload.matches(.line("r")))
    #expect(KeyMap.reload.matches(.line(" R ")))
    #expect(KeyMap.reload.matches(.command(name: "reload")))
    #expect(KeyMap.reload.matches(.command(name: "r")))
    #expect(!KeyMap.reload.matches(.command(name: "reload", argument: "now")))
    #expect(!KeyMap.reload.matches(.line("reload")))
    #expect(!KeyMap.reload.matches(.key(.escape)))
    #expect(KeyMap.back.matches(.key(.escape)))
    #expect(KeyMap.subscribe.argument(of: .command(name: "subscribe", argument: "2")) == "2")
    #expect(KeyMap.subscribe.argument(of: .command(name: "open", argument: "2")) == nil)
  }

  @Test func matches_keysOff_onlyTheCommandRunsItSoALineStaysText() {
    #expect(!KeyMap.reload.matches(.line("r"), keys: false))
    #expect(KeyMap.reload.matches(.command(name: "reload"), keys: false))
  }

  @Test func menuCommand_withAndWithoutKeys_showsTheKeyOrTheCommand() {
    #expect(KeyMap.reload.menuCommand() == MenuCommand("r", "Reload"))
    #expect(KeyMap.reload.menuCommand(keys: false) == MenuCommand("/reload", "Reload"))
    #expect(KeyMap.retry.menuCommand(title: "Send again") == MenuCommand("/retry", "Send again"))
    #expect(KeyMap.subscribe.menuCommand() == MenuCommand("/sub N", "Subscribe to artist N"))
  }

  @Test func hint_withAndWithoutKeys_namesTheKeyOrTheCommand() {
    #expect(KeyMap.reload.hint("try again") == "Type r to try again.")
    #expect(KeyMap.reload.hint("try again", keys: false) == "Type /reload to try again.")
    #expect(KeyMap.retry.hint("send it again") == "Type /retry to send it again.")
  }

  @Test func all_everyKeyAndCommand_meansOneThingOnly() {
    let names = KeyMap.all.flatMap { [$0.command] + $0.aliases }
    let keys = KeyMap.all.compactMap(\.key)
    #expect(Set(names).count == names.count, "a command is bound twice: \(names)")
    #expect(Set(keys).count == keys.count, "a key is bound twice: \(keys)")
    #expect(Set(names).isDisjoint(with: keys), "a key is also a command: \(keys)")
  }

  @Test func helpPanel_menuOfKeysAndCommands_listsEachWithItsOtherFormThenHelp() {
    let screen = Screen {
      Component.header("Profile")
      Component.menu([KeyMap.edit.menuCommand(), MenuCommand("+", "More"), KeyMap.retry.menuCommand()])
    }
    let panel = Screen(HelpPanel(isInteractive: false).components(for: screen)).plainText(width: 40)
    #expect(
      panel == """
        ----------------------------------------
        Keys and commands here:
          e, /edit  Edit
          +         More
          /retry    Try again
          /help, ?  This list
        """)
  }

  @Test func helpPanel_everyKeyMapEntryKeyAndCommandTheViewHandles_isListed() {
    // A list screen whose menu offers only Reload, but whose view handles more.
    let handled: [InputEvent] = [
      .line("r"), .command(name: "reload"), .command(name: "back"), .key(.escape), .line("b"),
      .command(name: "sub", argument: "1"), .command(name: "unsub", argument: "1"),
      .command(name: "open", argument: "1"), .line("1"), .key(.up), .key(.down),
    ]
    let screen = Screen {
      Component.header("Artists")
      Component.menu([KeyMap.reload.menuCommand()])
      Component.prompt("Pick")
    }
    let rows = HelpPanel(isInteractive: true).rows(for: screen) { handled.contains($0) }
    let keys = rows.map(\.keys)
    for binding in KeyMap.all where handled.contains(.command(name: binding.command)) {
      #expect(
        keys.contains { $0.contains(binding.typed) }, "\(binding.typed) is handled but not listed: \(keys)")
    }
    #expect(
      keys == [
        "r, /reload", "b, /back, Escape", "/sub N", "/unsub N", "/open N", "1, 2, …", "/help, ?",
        "Up, Down", "Tab", "Alt-Enter, \\ Enter", "Ctrl-D", "Ctrl-C",
      ])
    #expect(rows.first { $0.keys == "Up, Down" }?.title == "Move through the list")
  }

  @Test func helpPanel_screenWhereEveryLineIsText_offersOnlySlashHelpAndDoubleSlash() {
    let screen = Screen {
      Component.header("Room")
      Component.log([ListItem("IU: hi")])
      Component.prompt("Reply")
    }
    let rows = HelpPanel(isInteractive: true).rows(for: screen) { event in
      if case .line = event { return true }
      return event == .command(name: "older") || event == .command(name: "retry")
    }
    #expect(
      rows.map(\.keys) == [
        "/older", "/retry", "/help", "//text", "Up, Down", "Tab", "Alt-Enter, \\ Enter", "PageUp, PageDown",
        "Ctrl-D",
        "Ctrl-C",
      ])
  }

  @Test func slashCompletion_startOfACommandTheScreenAnswers_completesOrListsWhatFits() {
    let screen = Screen {
      Component.header("Room")
      Component.menu([MenuCommand("/older", "Older")])
    }
    let completion = SlashCompletion(screen: screen) { event in
      [.command(name: "reload"), .command(name: "retry"), .command(name: "sub", argument: "1")].contains(
        event)
    }
    #expect(completion.commands == ["/help", "/reload", "/retry", "/sub", "/older"])
    #expect(completion.complete("/rel")! == ("/reload ", []))
    #expect(completion.complete("/SU")! == ("/sub ", []))
    #expect(completion.complete("/r")! == ("/re", ["/reload", "/retry"]))
    #expect(completion.complete("/re")! == ("/re", ["/reload", "/retry"]))
    #expect(completion.complete("/x") == nil)
    #expect(completion.complete("/sub 1") == nil)
    #expect(completion.complete("hello") == nil)
  }

  @Test func withSendRemedy_unsentRefusedOrNeither_addsRetryEnterOrNothing() {
    #expect(
      KeyMap.withSendRemedy("Sending failed.", unsent: true, refused: false)
        == "Sending failed. Type /retry to send it again.")
    #expect(
      KeyMap.withSendRemedy("Too long.", unsent: false, refused: true) == "Too long. Then press Enter again.")
    #expect(KeyMap.withSendRemedy("Sending.", unsent: false, refused: false) == "Sending.")
  }
}

@Suite struct YesOrNoTests {
  @Test func answers_yGoesAhead_nEmptyOrEscapeDoNot_otherLinesAnswerNothing() {
    #expect(YesOrNo(.line(" Y ")) == .yes && YesOrNo(.line("yes")) == .yes)
    #expect(YesOrNo(.line("n")) == .no && YesOrNo(.line("")) == .no && YesOrNo(.key(.escape)) == .no)
    #expect(YesOrNo(.line("maybe")) == nil && YesOrNo(.command(name: "delete", argument: "")) == nil)
    #expect(YesOrNo.menu(yes: "Delete it", no: "Keep it").map(\.shortcut) == ["y", "n"])
  }
}

@Suite struct SearchResultsTests {
  @Test func screen_listsTheMatchesWithTheTextReversed_andAnswersBackOlderAndSearch() {
    let results = SearchResults(
      text: "tour", rows: [ListItem("IU: Tour dates, tour news", highlight: "tour")], hasOlder: true,
      isLoading: false, failure: nil)
    let plain = results.screen.plainText(width: 60)
    #expect(plain.contains("Search: \"tour\"") && plain.contains("- IU: Tour dates, tour news"))
    #expect(plain.contains("[/back] Back to the room") && plain.contains("[/older] Older matches"))
    let colored = ScreenRenderer(width: 60, colors: true).render(results.screen).joined(separator: "\n")
    #expect(colored.contains("IU: \u{1B}[7mTour\u{1B}[0m dates, \u{1B}[7mtour\u{1B}[0m news"))
    func action(_ input: InputEvent) -> String? {
      SearchResults.action(for: input, back: "back", older: "older", search: { "search \($0)" })
    }
    #expect(action(.key(.escape)) == "back" && action(InputEvent(line: "/back")) == "back")
    #expect(action(.key(.pageUp)) == "older" && action(InputEvent(line: "/older")) == "older")
    #expect(action(InputEvent(line: "/search encore")) == "search encore")
    #expect(action(.line("hello")) == nil)
  }
}
