import Testing

@testable import FrommUI

@Suite struct InputEventTests {
  @Test func initLine_plainText_isLine() {
    #expect(InputEvent(line: "안녕하세요") == .line("안녕하세요"))
    #expect(InputEvent(line: "") == .line(""))
    #expect(InputEvent(line: "/") == .line("/"))
  }

  @Test func initLine_slashCommand_splitsNameAndArgument() {
    #expect(InputEvent(line: "/send 오늘 공연  최고 ") == .command(name: "send", argument: "오늘 공연  최고"))
    #expect(InputEvent(line: "/QUIT") == .command(name: "quit", argument: ""))
  }

  @Test func initLine_doubleSlash_escapesToLiteralLine() {
    #expect(InputEvent(line: "//not a command") == .line("/not a command"))
  }

  @Test func initLine_slashThenSpace_isLine() {
    #expect(InputEvent(line: "/ hi") == .line("/ hi"))
  }

  @Test func number_numericLine_isParsed() {
    #expect(InputEvent.line(" 2 ").number == 2)
    #expect(InputEvent.line("two").number == nil)
    #expect(InputEvent.command(name: "2").number == nil)
  }

  @Test func menuCommand_matches_shortcutAloneOrAsSlashCommand() {
    let quit = MenuCommand("Q", "Quit")
    #expect(quit.matches(.line("q")))
    #expect(quit.matches(.line(" Q ")))
    #expect(quit.matches(.command(name: "q")))
    #expect(!quit.matches(.command(name: "q", argument: "now")))
    #expect(!quit.matches(.line("quit")))
    let commands = [MenuCommand("n", "New"), quit]
    #expect(commands.command(for: .line("n"))?.title == "New")
    #expect(commands.command(for: .line("x")) == nil)
  }

  @Test func alertButtonIndex_numberLabelEmptyAndEscape_pickButtons() {
    let alert = AlertContent(
      title: "Delete?", buttons: [.init("Delete", role: .destructive), .init("Cancel", role: .cancel)])
    #expect(alert.buttonIndex(for: .line("1")) == 0)
    #expect(alert.buttonIndex(for: .line("cancel")) == 1)
    #expect(alert.buttonIndex(for: .line("")) == 1)
    #expect(alert.buttonIndex(for: .key(.escape)) == 1)
    #expect(alert.buttonIndex(for: .line("3")) == nil)
    #expect(AlertContent(title: "Saved").buttonIndex(for: .line("")) == 0)
  }
}

@Suite struct LineSplitterTests {
  @Test func append_chunksSplitInsideHangul_joinsBytesBeforeDecoding() {
    var splitter = LineSplitter()
    let bytes = Array("안녕\n하세요\r\n".utf8)
    var lines: [String] = []
    for byte in bytes { lines += splitter.append([byte]) }
    #expect(lines == ["안녕", "하세요"])
    #expect(splitter.finish() == nil)
  }

  @Test func finish_lastLineWithoutNewline_isReturned() {
    var splitter = LineSplitter()
    #expect(splitter.append(Array("a\nb".utf8)) == ["a"])
    #expect(splitter.finish() == "b")
  }

  @Test func append_invalidUTF8_becomesReplacementCharacter() {
    var splitter = LineSplitter()
    #expect(splitter.append([0x61, 0xFF, 0x0A]) == ["a\u{FFFD}"])
  }
}
