import Testing

@testable import FrommUI

@Suite struct TextLayoutTests {
  @Test func wrap_englishSentence_breaksAtSpaces() {
    #expect(
      TextLayout.wrap("the quick brown fox jumps over", width: 10) == [
        "the quick", "brown fox", "jumps over",
      ])
  }

  @Test func wrap_hangulSentence_countsTwoColumnsPerSyllable() {
    #expect(TextLayout.wrap("안녕하세요 여러분 반가워요", width: 10) == ["안녕하세요", "여러분", "반가워요"])
    #expect(TextLayout.wrap("안녕하세요 여러분", width: 17) == ["안녕하세요 여러분"])
    #expect(TextLayout.wrap("안녕하세요 여러분", width: 16) == ["안녕하세요", "여러분"])
  }

  @Test func wrap_longHangulWord_neverSplitsAWideCharacterAcrossTheEdge() {
    let lines = TextLayout.wrap("가나다라마바사", width: 5)
    #expect(lines == ["가나", "다라", "마바", "사"])
    #expect(lines.allSatisfy { TextWidth.columns($0) <= 5 })
  }

  @Test func wrap_longLatinWord_isSplitByColumns() {
    #expect(TextLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
  }

  @Test func wrap_newlines_keepParagraphsAndEmptyLines() {
    #expect(TextLayout.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
  }

  @Test func wrap_emoji_countTwoColumns() {
    #expect(TextLayout.wrap("👍👍👍", width: 5) == ["👍👍", "👍"])
  }

  @Test func pad_hangul_padsToColumnsNotCharacters() {
    #expect(TextLayout.pad("이름", to: 6) == "이름  ")
    #expect(TextLayout.pad("이름", to: 6, alignment: .trailing) == "  이름")
    #expect(TextLayout.pad("이름", to: 7, alignment: .center) == " 이름  ")
  }

  @Test func truncate_hangul_cutsAtColumnsAndAddsEllipsis() {
    #expect(TextLayout.truncate("안녕하세요", to: 7) == "안녕...")
    #expect(TextLayout.truncate("안녕", to: 7) == "안녕")
  }

  @Test func sanitize_escapeSequencesFromOthers_areRemoved() {
    #expect(TextLayout.sanitize("hi\u{1B}[2Jthere\tyou") == "hi[2Jthere    you")
  }

  @Test func sanitize_bidiOverride_isRemoved() {
    #expect(TextLayout.sanitize("abc\u{202E}fed\u{2066}x") == "abcfedx")
  }

  @Test func wrap_textFromNetwork_neverCarriesEscapeCodes() {
    #expect(TextLayout.wrap("안녕\u{1B}[31m 빨강\u{7}", width: 10) == ["안녕[31m", "빨강"])
  }
}
