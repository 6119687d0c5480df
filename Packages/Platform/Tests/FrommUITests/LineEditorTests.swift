import Testing

@testable import FrommUI

private let escape: UInt8 = 0x1B

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite struct LineEditorTests {
  @Test func feed_typingAndEnter_submitsTheLineAndReportsOneEdit() {
    var editor = LineEditor()
    let outputs = editor.feed(bytes("hi\r"))
    #expect(outputs == [.edited, .event(.line("hi")), .edited])
    #expect(editor.buffer == "")
  }

  @Test func feed_actingKeyOnAnEmptyLine_isAKeyOnceAndTheRestIsText() {
    var editor = LineEditor()
    let outputs = editor.feed(bytes("Llama"), actingKeys: ["l"])
    #expect(outputs == [.key("L"), .edited])
    #expect(editor.buffer == "lama")
    // Not on a line with text, nor inside a paste.
    #expect(editor.feed(bytes("l"), actingKeys: ["l"]) == [.edited])
    var pasting = LineEditor()
    _ = pasting.feed([escape] + bytes("[200~l") + [escape] + bytes("[201~"), actingKeys: ["l"])
    #expect(pasting.buffer == "l")
  }

  @Test func feed_carriageReturnLineFeed_submitsOnce() {
    var editor = LineEditor()
    #expect(editor.feed(bytes("a\r\n")) == [.edited, .event(.line("a")), .edited])
  }

  @Test func feed_burstOfLines_submitsEveryLineInOrder() {
    var editor = LineEditor()
    let events = editor.feed(bytes("one\rtwo\rthree\rfour")).compactMap { output -> InputEvent? in
      if case .event(let event) = output { event } else { nil }
    }
    #expect(events == [.line("one"), .line("two"), .line("three")])
    #expect(editor.buffer == "four")
  }

  @Test func feed_bracketedPasteOfFourLines_becomesOneDraftAndIgnoresControlBytesInside() {
    var editor = LineEditor()
    _ = editor.feed(bytes("say: "))
    let paste = [escape] + bytes("[200~first\r\nsecond\u{03}\rthird\rfourth\r\n") + [escape] + bytes("[201~")
    let outputs = editor.feed(paste)
    #expect(outputs == [.edited])
    #expect(editor.buffer == "say: first\nsecond\nthird\nfourth")
    #expect(editor.feed(bytes("\r")) == [.event(.line("say: first\nsecond\nthird\nfourth")), .edited])
  }

  @Test func feed_mouseWheel_pagesAndClicksAreIgnored() {
    var editor = LineEditor()
    let wheelUp = [escape] + bytes("[<64;10;5M")
    let wheelDown = [escape] + bytes("[<65;1;1M")
    let click = [escape] + bytes("[<0;3;4M") + [escape] + bytes("[<0;3;4m")
    #expect(editor.feed(wheelUp) == [.event(.key(.pageUp))])
    #expect(editor.feed(wheelDown) == [.event(.key(.pageDown))])
    #expect(editor.feed(click + bytes("a")) == [.edited])
    #expect(editor.buffer == "a")
  }

  @Test func feed_backspace_deletesOneHangulSyllable() {
    var editor = LineEditor()
    _ = editor.feed(bytes("안녕"))
    _ = editor.feed([0x7F])
    #expect(editor.buffer == "안")
  }

  @Test func feed_hangulSplitAcrossReads_waitsForTheWholeCharacter() {
    var editor = LineEditor()
    let hangul = bytes("한")
    #expect(editor.feed([hangul[0]]) == [])
    #expect(editor.feed(Array(hangul[1...])) == [.edited])
    #expect(editor.buffer == "한")
  }

  @Test func feed_combiningMarkTypedAlone_joinsTheCharacterBeforeIt() {
    var editor = LineEditor()
    _ = editor.feed(bytes("e"))
    _ = editor.feed(bytes("\u{301}"))
    #expect(editor.characters == ["é"])
    #expect(editor.cursor == 1)
  }

  @Test func feed_upDownTabEscapePaging_becomeKeys() {
    var editor = LineEditor()
    #expect(editor.feed([escape] + bytes("[A")) == [.event(.key(.up))])
    #expect(editor.feed([escape] + bytes("[B") + [0x09]) == [.event(.key(.down)), .event(.key(.tab))])
    #expect(editor.feed([escape]) == [.event(.key(.escape))])
    #expect(
      editor.feed([escape] + bytes("[5~") + [escape] + bytes("[6~")) == [
        .event(.key(.pageUp)), .event(.key(.pageDown)),
      ])
    #expect(editor.feed([0x10, 0x0E]) == [.event(.key(.up)), .event(.key(.down))])
  }

  @Test func feed_escapeSequenceSplitAcrossReads_waitsForItsEnd() {
    var editor = LineEditor()
    #expect(editor.feed([escape] + bytes("[")) == [])
    #expect(editor.feed(bytes("D")) == [.event(.key(.left))])
  }

  @Test func feed_leftAndRightOnEmptyLine_areKeys_otherwiseMoveTheCursor() {
    var editor = LineEditor()
    #expect(editor.feed([escape] + bytes("[D")) == [.event(.key(.left))])
    _ = editor.feed(bytes("abc"))
    #expect(editor.feed([escape] + bytes("[D") + [escape] + bytes("[D")) == [.edited])
    #expect(editor.cursor == 1)
    _ = editor.feed(bytes("X"))
    #expect(editor.buffer == "aXbc")
    _ = editor.feed([escape] + bytes("[C"))
    #expect(editor.cursor == 3)
  }

  @Test func feed_homeEndAndCtrlAE_moveToTheEnds() {
    var editor = LineEditor()
    _ = editor.feed(bytes("hello"))
    _ = editor.feed([0x01])
    #expect(editor.cursor == 0)
    _ = editor.feed([0x05])
    #expect(editor.cursor == 5)
    _ = editor.feed([escape] + bytes("[H"))
    #expect(editor.cursor == 0)
    _ = editor.feed([escape] + bytes("[F"))
    #expect(editor.cursor == 5)
    _ = editor.feed([escape] + bytes("[1~"))
    #expect(editor.cursor == 0)
    _ = editor.feed([escape] + bytes("[4~"))
    #expect(editor.cursor == 5)
  }

  @Test func feed_wordMoves_stopAtWordStartsAndEnds() {
    var editor = LineEditor()
    _ = editor.feed(bytes("see you  soon"))
    _ = editor.feed([escape] + bytes("b"))
    #expect(editor.cursor == 9)
    _ = editor.feed([escape] + bytes("[1;5D"))
    #expect(editor.cursor == 4)
    _ = editor.feed([escape] + bytes("[1;3D"))
    #expect(editor.cursor == 0)
    _ = editor.feed([escape] + bytes("f"))
    #expect(editor.cursor == 3)
    _ = editor.feed([escape] + bytes("[1;5C"))
    #expect(editor.cursor == 7)
  }

  @Test func feed_ctrlW_deletesTheWordBeforeTheCursor() {
    var editor = LineEditor()
    _ = editor.feed(bytes("send this now "))
    _ = editor.feed([0x17])
    #expect(editor.buffer == "send this ")
    _ = editor.feed([escape, 0x7F])
    #expect(editor.buffer == "send ")
  }

  @Test func feed_ctrlKAndCtrlU_deleteAfterAndBeforeTheCursor() {
    var editor = LineEditor()
    _ = editor.feed(bytes("left right"))
    _ = editor.feed([escape] + bytes("b") + [0x02])
    #expect(editor.cursor == 4)
    _ = editor.feed([0x0B])
    #expect(editor.buffer == "left")
    _ = editor.feed(bytes(" more") + [0x01, 0x06, 0x06])
    _ = editor.feed([0x15])
    #expect(editor.buffer == "ft more")
    #expect(editor.cursor == 0)
  }

  @Test func feed_deleteAndCtrlDInsideTheLine_deleteTheCharacterUnderTheCursor() {
    var editor = LineEditor()
    _ = editor.feed(bytes("abc") + [0x01])
    _ = editor.feed([escape] + bytes("[3~"))
    #expect(editor.buffer == "bc")
    #expect(editor.feed([0x04]) == [.edited])
    #expect(editor.buffer == "c")
  }

  @Test func feed_altEnterAndTrailingBackslash_startANewLineInTheSameMessage() {
    var editor = LineEditor()
    #expect(editor.feed(bytes("first") + [escape, 0x0D] + bytes("second\\\r")) == [.edited])
    #expect(editor.buffer == "first\nsecond\n")
    #expect(editor.feed(bytes("third\r")).contains(.event(.line("first\nsecond\nthird"))))
  }

  @Test func recall_upAndDown_walkHistoryAndBringBackTheDraft() {
    var editor = LineEditor()
    editor.remember("one")
    editor.remember("two")
    editor.remember("two")
    _ = editor.feed(bytes("dra"))
    var seen: [String] = []
    while editor.recallOlder() { seen.append(editor.buffer) }
    while editor.recallNewer() { seen.append(editor.buffer) }
    #expect(seen == ["two", "one", "two", "dra"])
  }

  @Test func feed_upThenEnterWhenRecallingHistory_submitsTheRecalledLine() {
    var editor = LineEditor()
    editor.remember("again")
    #expect(
      editor.feed([escape] + bytes("[A\r"), recallsHistory: true) == [
        .edited, .event(.line("again")), .edited,
      ])
  }

  @Test func feed_ctrlCCtrlZAndCtrlD_interruptSuspendAndEndInputOnlyOnEmptyLine() {
    var editor = LineEditor()
    #expect(editor.feed([0x03]) == [.event(.interrupt)])
    #expect(editor.feed([0x1A]) == [.suspend])
    _ = editor.feed(bytes("x"))
    _ = editor.feed([0x15])
    #expect(editor.buffer == "")
    #expect(editor.feed([0x04]) == [.event(.endOfInput)])
  }

  @Test func feed_slashCommand_isParsedOnSubmit() {
    var editor = LineEditor()
    #expect(editor.feed(bytes("/join 3\n")).contains(.event(.command(name: "join", argument: "3"))))
  }

  @Test func feed_tenThousandCharacterPasteInReads_keepsEveryCharacter() {
    var editor = LineEditor()
    let text = String(repeating: "가나다 abc ", count: 1_250)
    let data = [escape] + bytes("[200~") + bytes(text) + [escape] + bytes("[201~")
    var outputs: [LineEditor.Output] = []
    // Reads cut through characters and through the closing escape sequence.
    var start = 0
    while start < data.count {
      let end = min(start + 4_093, data.count)
      outputs += editor.feed(Array(data[start..<end]))
      start = end
    }
    #expect(editor.characters.count == 10_000)
    #expect(editor.buffer == text)
    #expect(outputs.allSatisfy { $0 == .edited })
  }
}

@Suite struct PromptLineTests {
  @Test func init_shortLine_showsItAllWithTheCursorAtTheEnd() {
    let line = PromptLine(label: "Reply", characters: Array("hi"), cursor: 2, isSecure: false, width: 40)
    #expect(line.label == "Reply> ")
    #expect(line.shown == "hi")
    #expect(line.cursorColumn == 9)
  }

  @Test func init_lineWiderThanTheWindow_showsTheTailUpToTheCursor() {
    let text = Array(String(repeating: "x", count: 9_990) + "0123456789")
    let line = PromptLine(label: "", characters: text, cursor: text.count, isSecure: false, width: 12)
    #expect(line.shown == "123456789")
    #expect(line.cursorColumn == 11)
  }

  @Test func init_cursorInTheMiddleOfALongLine_keepsTheCursorVisible() {
    let text = Array("abcdefghijklmnopqrstuvwxyz")
    let line = PromptLine(label: "", characters: text, cursor: 5, isSecure: false, width: 12)
    #expect(line.shown == "abcdefghi")
    #expect(line.cursorColumn == 2 + 5)
  }

  @Test func init_wideCharacters_countTwoColumns() {
    let text = Array("안녕하세요")
    let line = PromptLine(label: "", characters: text, cursor: 5, isSecure: false, width: 9)
    #expect(line.shown == "하세요")
    #expect(line.cursorColumn == 8)
  }

  @Test func init_secureAndMultiLine_areMaskedAndMarked() {
    #expect(
      PromptLine(label: "Password", characters: Array("pw"), cursor: 2, isSecure: true, width: 40).shown
        == "**")
    #expect(
      PromptLine(label: "", characters: Array("a\nb"), cursor: 3, isSecure: false, width: 40).shown == "a↵b")
  }
}
