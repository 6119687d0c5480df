import Testing

@testable import FrommUI

@Suite struct RenderingTests {
  @Test func plainText_headerAndText_underlinesTitleByColumns() {
    let screen = Screen {
      Component.header("아티스트", subtitle: "Pick one to subscribe")
      Component.text("Subscriptions let you talk with your artist.")
    }
    #expect(
      screen.plainText(width: 30) == """
        아티스트
        ========
        Pick one to subscribe

        Subscriptions let you talk
        with your artist.
        """)
  }

  @Test func plainText_listWithSelectionAndDetails_alignsDetailsRightCountingHangul() {
    let screen = Screen {
      Component.list(
        [ListItem("아이유", detail: "구독 중"), ListItem("Bob", detail: "3 fans"), ListItem("김민지")],
        selection: 1)
    }
    #expect(
      screen.plainText(width: 24) == """
          1. 아이유      구독 중
        > 2. Bob          3 fans
          3. 김민지
        """)
  }

  @Test func plainText_longListItem_wrapsWithHangingIndent() {
    let screen = Screen {
      Component.list([ListItem("오늘 공연 정말 최고였어요 감사합니다")])
    }
    #expect(
      screen.plainText(width: 20) == """
          1. 오늘 공연 정말
             최고였어요
             감사합니다
        """)
  }

  @Test func plainText_logItemWithLabel_showsLabelColonTitleAndWrapsUnderIt() {
    let screen = Screen {
      Component.log([ListItem("오늘 공연 정말 최고였어요", label: "IU", detail: "08:00")])
    }
    #expect(
      screen.plainText(width: 24) == """
          - IU: 오늘 공연 정말
            최고였어요
            08:00
        """)
  }

  @Test func plainText_unnumberedList_usesDashes() {
    let screen = Screen { Component.list([ListItem("a"), ListItem("b")], numbered: false) }
    #expect(screen.plainText() == "  - a\n  - b")
  }

  @Test func plainText_menu_packsCommandsIntoLines() {
    let screen = Screen {
      Component.menu([MenuCommand("n", "New"), MenuCommand("r", "새로고침"), MenuCommand("q", "Quit")])
    }
    #expect(
      screen.plainText(width: 24) == """
        [n] New  [r] 새로고침
        [q] Quit
        """)
  }

  @Test func plainText_fields_maskSecureTextAndShowPlaceholders() {
    let screen = Screen {
      Component.field(label: "아이디", text: "minji")
      Component.field(label: "Password", text: "secret1", isSecure: true, isFocused: true)
      Component.field(label: "Name", text: "", placeholder: "your name")
    }
    #expect(
      screen.plainText() == """
          아이디: minji
        > Password: *******
          Name: your name
        """)
  }

  @Test func plainText_alert_boxesContentCountingHangul() {
    let alert = AlertContent(
      title: "로그인 실패", message: "비밀번호가 틀렸습니다.",
      buttons: [.init("다시 시도"), .init("취소", role: .cancel)])
    #expect(
      Screen { Component.alert(alert) }.plainText(width: 40) == """
        +-------------------------+
        | 로그인 실패             |
        |                         |
        | 비밀번호가 틀렸습니다.  |
        |                         |
        | [1] 다시 시도  [2] 취소 |
        +-------------------------+
        """)
  }

  @Test func plainText_confirmationDialog_listsOneChoicePerLine() {
    let dialog = AlertContent(
      title: "Leave the room?", buttons: [.init("Leave", role: .destructive), .init("Stay", role: .cancel)],
      style: .confirmationDialog)
    #expect(
      Screen { Component.alert(dialog) }.plainText(width: 40) == """
        +-----------------+
        | Leave the room? |
        |                 |
        | 1. Leave        |
        | 2. Stay         |
        +-----------------+
        """)
  }

  @Test func plainText_alertWithoutButtons_showsOK() {
    let alert = AlertContent(title: "Saved")
    #expect(Screen { Component.alert(alert) }.plainText().contains("| [1] OK |"))
  }

  @Test func plainText_bannersProgressAndEmptyState_renderInPlainASCII() {
    let screen = Screen {
      Component.errorBanner("네트워크에 연결할 수 없습니다. 잠시 후 다시 시도하세요.")
      Component.notice("Signed out")
      Component.progress("Loading messages")
      Component.empty("메시지가 없습니다")
      Component.divider
    }
    #expect(
      screen.plainText(width: 30) == """
        [!] 네트워크에 연결할 수
            없습니다. 잠시 후 다시
            시도하세요.
        [i] Signed out
        (...) Loading messages
             (메시지가 없습니다)
        ------------------------------
        """)
  }

  @Test func render_animatedProgress_advancesSpinnerWithFrame() {
    let screen = Screen { Component.progress("Sending") }
    let first = ScreenRenderer(width: 20, colors: false, animates: true, frame: 0).render(screen)
    let second = ScreenRenderer(width: 20, colors: false, animates: true, frame: 1).render(screen)
    #expect(first == ["(|) Sending"])
    #expect(second == ["(/) Sending"])
  }

  @Test func render_everyLine_fitsTheWidth() {
    let screen = Screen {
      Component.header("프롬 fromm — 팬과 아티스트의 프라이빗 메시지")
      Component.text("긴문장이공백없이계속이어지는경우에도잘려야합니다", alignment: .center)
      Component.list([ListItem("아주 긴 이름을 가진 아티스트", detail: "구독자 12,345명")], selection: 0)
      Component.alert(AlertContent(title: "확인", message: "정말로 탈퇴하시겠습니까? 되돌릴 수 없습니다."))
    }
    for width in [12, 17, 23, 40] {
      let lines = ScreenRenderer(width: width, colors: false).render(screen)
      #expect(lines.allSatisfy { TextWidth.columns($0) <= width }, "width \(width): \(lines)")
    }
  }

  @Test func prompt_focusedSecureField_becomesMaskedPrompt() {
    let screen = Screen {
      Component.field(label: "Username", text: "kim")
      Component.field(label: "Password", text: "", isSecure: true, isFocused: true)
    }
    #expect(screen.prompt == InputPrompt(label: "Password", isSecure: true))
    #expect(Screen { Component.prompt("Message") }.prompt == InputPrompt(label: "Message"))
    #expect(Screen { Component.text("x") }.prompt == nil)
  }

  @Test func screenBuilder_conditionalsAndLoops_keepOrder() {
    let names = ["a", "b"]
    let showError = true
    let screen = Screen {
      for name in names { Component.text(name) }
      if showError { Component.errorBanner("e") } else { Component.notice("n") }
      if names.isEmpty { Component.empty("none") }
    }
    #expect(screen.plainText() == "a\nb\n[!] e")
  }

  @Test func screenBuilder_childScreen_isEmbeddedInPlace() {
    let child = Screen { Component.text("child") }
    let screen = Screen {
      Component.header("Parent")
      child
      Component.divider
    }
    #expect(screen.plainText(width: 10) == "Parent\n======\n\nchild\n----------")
  }

  @Test func plainText_textFromOthersInEveryComponent_isSanitized() {
    let hostile = "x\u{1B}[2J"
    let screen = Screen {
      Component.header(hostile)
      Component.list([ListItem(hostile, detail: hostile)])
      Component.menu([MenuCommand("a", hostile)])
      Component.field(label: hostile, text: hostile)
      Component.alert(AlertContent(title: hostile, message: hostile, buttons: [.init(hostile)]))
      Component.errorBanner(hostile)
    }
    #expect(!ScreenRenderer(width: 40, colors: true).render(screen).joined().contains("\u{1B}[2J"))
  }
}

@Suite struct ScreenFitTests {
  /// A room as the apps draw it: a header with a subtitle, the log, a hint, a wide menu.
  func room(messages: Int) -> Screen {
    Screen {
      Component.header("IU", subtitle: "Your replies go to IU only")
      Component.log((1...messages).map { ListItem("IU: message \($0)") })
      Component.blank
      Component.text("Type a reply and press Enter.", style: .dim)
      Component.menu([
        MenuCommand("/back", "Back to the list"), MenuCommand("/reload", "Reload"),
        MenuCommand("/older", "Older messages"), MenuCommand("/retry", "Send the kept reply again"),
      ])
      Component.prompt("Reply")
    }
  }

  @Test func plainText_roomTallerThanASmallWindow_shrinksDecorationBeforeMessages() {
    // 40×12: 11 rows above the prompt line. The subtitle, the underline and the empty lines go
    // first, until the log has half the window; the title, the hint and the menu stay.
    #expect(
      room(messages: 30).plainText(width: 40, height: 11) == """
        IU
        -- 26 earlier messages above (PageUp) --
          - IU: message 27
          - IU: message 28
          - IU: message 29
          - IU: message 30
        Type a reply and press Enter.
        [/back] Back to the list
        [/reload] Reload
        [/older] Older messages
        [/retry] Send the kept reply again
        """)
    // Smaller still: the menu keeps one line.
    #expect(
      room(messages: 30).plainText(width: 40, height: 5) == """
        IU
        -- 28 earlier messages above (PageUp) --
          - IU: message 29
          - IU: message 30
        [/back] Back to the list
        """)
  }

  /// `screen` rendered in a window of `height` rows, with how many log messages were laid out.
  func renderCounting(_ screen: Screen, height: Int, scrolledBack: Int = 0) -> (FittedScreen, laidOut: Int) {
    let renderer = ScreenRenderer(width: 40, colors: false)
    var laidOut = 0
    let fitted = renderer.render(screen, height: height, scrolledBack: scrolledBack) {
      laidOut += 1
      return renderer.renderList([$0], selection: nil, isNumbered: false)
    }
    return (fitted, laidOut)
  }

  @Test func render_logOfTenThousandMessages_laysOutOnlyTheMessagesTheWindowShows() {
    // Each pass over the log (half the window, does it fit, the window) stops past its budget.
    let (newest, laidOut) = renderCounting(room(messages: 10_000), height: 11)
    #expect(laidOut <= 3 * 11 + 1)
    #expect(newest.lines[1] == "-- 9996 earlier messages above (PageUp) --")
    #expect(newest.lines[5] == "  - IU: message 10000")
    #expect(newest.log == FittedScreen.LogLayout(count: 10_000, newestFirst: false, visible: 4))

    let (scrolled, laidOutScrolled) = renderCounting(room(messages: 10_000), height: 11, scrolledBack: 5_000)
    #expect(laidOutScrolled <= 3 * 11 + 1)
    #expect(scrolled.lines[1] == "-- 4997 earlier messages above (PageUp) --")
    #expect(scrolled.lines[4] == "  - IU: message 5000")
    #expect(scrolled.lines[5] == "-- 5000 newer messages below (PageDown) --")

    let items = (1...10_000).reversed().map { ListItem("IU: message \($0)") }
    let (newestFirst, laidOutNewestFirst) = renderCounting(
      Screen { Component.log(items, newestFirst: true) }, height: 4)
    #expect(laidOutNewestFirst <= 3 * 4 + 1)
    #expect(
      newestFirst.lines == [
        "  - IU: message 10000", "  - IU: message 9999", "  - IU: message 9998",
        "-- 9997 earlier messages below (PageDown) --",
      ])
  }

  @Test func render_logWithoutRoomUnderTallText_showsTheLogsLastLinesLayingOutOnlyThose() {
    // The text takes the whole window, so the top is cut: the log's newest lines show above
    // the last line of text, and the rest of the log is never laid out.
    let screen = Screen {
      for line in ["one", "two", "three", "four"] { Component.text(line) }
      Component.log((1...10_000).map { ListItem("IU: message \($0)") })
      Component.text("five")
    }
    let (fitted, laidOut) = renderCounting(screen, height: 3)
    #expect(fitted.lines == ["  - IU: message 9999", "  - IU: message 10000", "five"])
    #expect(fitted.log?.visible == 10_000)
    #expect(laidOut <= 3 * 3 + 1)
  }

  @Test func plainText_roomInALargeWindow_keepsItsDecoration() {
    let text = room(messages: 30).plainText(width: 80, height: 40)
    #expect(text.hasPrefix("IU\n==\nYour replies go to IU only\n\n  - IU: message 1\n"))
    #expect(
      text.hasSuffix(
        "  - IU: message 30\n\nType a reply and press Enter.\n[/back] Back to the list  [/reload] Reload  [/older] Older messages\n[/retry] Send the kept reply again"
      ))
  }
}
