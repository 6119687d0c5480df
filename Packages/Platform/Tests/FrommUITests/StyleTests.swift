import Testing

@testable import FrommUI

@Suite struct StyleTests {
  @Test func allowsColor_ttyWithoutNoColor_isTrue() {
    #expect(ColorPolicy.allowsColor(environment: ["TERM": "xterm-256color"], isTTY: true))
  }

  @Test func allowsColor_noColorSet_isFalse() {
    #expect(!ColorPolicy.allowsColor(environment: ["NO_COLOR": "1"], isTTY: true))
  }

  @Test func allowsColor_emptyNoColor_isIgnored() {
    #expect(ColorPolicy.allowsColor(environment: ["NO_COLOR": ""], isTTY: true))
  }

  @Test func allowsColor_notATerminalOrDumb_isFalse() {
    #expect(!ColorPolicy.allowsColor(environment: [:], isTTY: false))
    #expect(!ColorPolicy.allowsColor(environment: ["TERM": "dumb"], isTTY: true))
  }

  @Test func render_withColors_wrapsStyledTextInSGRCodes() {
    let lines = ScreenRenderer(width: 20, colors: true).render(Screen { Component.errorBanner("실패") })
    #expect(lines == ["\u{1B}[1;31m[!] 실패\u{1B}[0m"])
  }

  @Test func render_withoutColors_hasNoEscapeCodes() {
    let lines = ScreenRenderer(width: 20, colors: false).render(Screen { Component.errorBanner("실패") })
    #expect(lines == ["[!] 실패"])
  }
}
