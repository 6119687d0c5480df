import Testing

@testable import FrommUI

@Suite struct TextWidthTests {
  @Test func columns_ascii_countsOnePerCharacter() {
    #expect(TextWidth.columns("fromm 1.0") == 9)
  }

  @Test func columns_hangulSyllables_countTwoEach() {
    #expect(TextWidth.columns("프롬") == 4)
    #expect(TextWidth.columns("안녕, fromm!") == 12)
  }

  @Test func columns_conjoiningHangulJamo_countAsOneWideCharacter() {
    // ᄒ + ᅡ + ᆫ: an initial consonant, a medial vowel and a final consonant form one syllable.
    #expect(TextWidth.columns("\u{1112}\u{1161}\u{11AB}") == 2)
  }

  @Test func columns_combiningMark_addsNothing() {
    #expect(TextWidth.columns("e\u{301}") == 1)
    #expect(TextWidth.columns("a\u{200B}b") == 2)
  }

  @Test func columns_emoji_countTwo() {
    #expect(TextWidth.columns("👍") == 2)
    #expect(TextWidth.columns("🇰🇷") == 2)
    #expect(TextWidth.columns("❤️") == 2)
    #expect(TextWidth.columns("1️⃣") == 2)
  }

  /// Each row: the text, and the columns a terminal that measures each code point (tmux, xterm,
  /// VTE) draws it in.
  static let graphemes: [(text: String, columns: Int)] = [
    ("👨‍👩‍👧", 6),  // man ZWJ woman ZWJ girl: three emoji side by side
    ("👨‍👦", 4),
    ("👩‍❤️‍👨", 6),  // a text-presentation heart made emoji by VS16 in the middle
    ("👍🏽", 2),  // a skin tone modifies the emoji before it
    ("🇰🇷🇯🇵", 4),  // two flags
    ("a👨‍👩‍👧b", 8),
    ("e\u{301}", 1),
  ]

  @Test(arguments: graphemes)
  func columns_graphemeClusters_countAsTerminalsDrawThem(_ row: (text: String, columns: Int)) {
    #expect(TextWidth.columns(row.text) == row.columns)
    #expect(row.text.reduce(0) { $0 + TextWidth.columns(of: $1) } == row.columns)
  }

  @Test func columns_textPresentationSymbol_countsOne() {
    #expect(TextWidth.columns("❤") == 1)
    #expect(TextWidth.columns("1") == 1)
  }

  @Test func columns_cjkAndFullwidth_countTwo() {
    #expect(TextWidth.columns("日本語") == 6)
    #expect(TextWidth.columns("ＡＢ") == 4)
    #expect(TextWidth.columns("あい") == 4)
  }

  @Test func columns_controlCharacters_countZero() {
    #expect(TextWidth.columns("a\u{7}b") == 2)
  }
}
