import ComposableArchitecture
import Foundation
import FrommUI

// Release-mode benchmarks of FrommUI's hot paths: what runs on every keystroke and every
// incoming message. Each case runs 5 times; the median is printed. Run with:
//   swift run -c release FrommUIBenchmarks

@MainActor
func main() async {
  print("FrommUI benchmarks (median of 5 runs)")
  print(String(repeating: "-", count: 72))
  let sample = message(7)
  await report("(a) TextWidth.columns, 60-char Korean message ×100,000", target: 3_000) {
    measure(iterations: 100_000) { _ = TextWidth.columns(sample) }
  }
  await report("(b) TextLayout.wrap at 40 columns ×100,000", target: 10_000) {
    measure(iterations: 100_000) { _ = TextLayout.wrap(sample, width: 40) }
  }
  let screen = chatScreen(messages: 200)
  // A keystroke redraws the whole screen; 2 ms leaves most of a 16 ms frame free.
  await report("(c) render 200-message chat screen, 80 columns ×200", target: 2_000_000) {
    measure(iterations: 200) { _ = screen.plainText(width: 80) }
  }
  // Plain mode waits for each line's work to settle (RunOptions.quietPeriod, 10 ms by
  // default); this is what a piped script costs per line.
  await report("(d) plain-mode loop, 100 piped lines, per line", target: 15_000_000, runs: 3) {
    let store = Store(initialState: 0) { Tally() }
    let (terminal, pipe) = Terminal.inMemory()
    pipe.type(String(repeating: "+\n", count: 100))
    pipe.close()
    let start = ContinuousClock.now
    _ = await TerminalLoop(store: store, view: TallyView(), terminal: terminal).run()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1e9 / 100 + Double(elapsed.components.attoseconds) / 1e9 / 100
  }
  // A 10,000-character paste (Hangul, Latin, spaces) arriving in 4 KiB reads, the prompt
  // redrawn after each read, as the loop does: the whole paste must land in under 100 ms.
  let paste = Array(("\u{1B}[200~" + pastedText + "\u{1B}[201~").utf8)
  await report("(e) 10,000-character paste, 4 KiB reads, prompt drawn per read", target: 100_000_000) {
    measure(iterations: 5) {
      var editor = LineEditor()
      var start = 0
      while start < paste.count {
        let end = min(start + 4_096, paste.count)
        _ = editor.feed(Array(paste[start..<end]))
        _ = PromptLine(
          label: "Reply", characters: editor.characters, cursor: editor.cursor, isSecure: false, width: 80)
        start = end
      }
    }
  }
  // One keystroke on a 10,000-character line: insert at the end or in the middle, redraw.
  var full = LineEditor()
  _ = full.feed(paste)
  await report("(f) keystroke at the end of a 10,000-character line ×1,000", target: 100_000_000) {
    var editor = full
    return measure(iterations: 1_000) {
      _ = editor.feed([0x61, 0x7F])
      _ = PromptLine(
        label: "Reply", characters: editor.characters, cursor: editor.cursor, isSecure: false, width: 80)
    }
  }
  var middle = full
  for _ in 0..<5_000 { _ = middle.feed([0x1B, 0x5B, 0x44]) }
  await report("(g) keystroke in the middle of a 10,000-character line ×1,000", target: 100_000_000) {
    var editor = middle
    return measure(iterations: 1_000) {
      _ = editor.feed([0x61, 0x7F])
      _ = PromptLine(
        label: "Reply", characters: editor.characters, cursor: editor.cursor, isSecure: false, width: 80)
    }
  }
}

await main()
