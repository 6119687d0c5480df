import FrommUI
import Testing

struct ProbeViewTests {
  let view = ProbeView()

  @Test func render_countAndReset_showsThem() {
    let text = view.render(ProbeFeature.State(count: 2, isResetting: true)).plainText(width: 60)
    #expect(text.contains("Count: 2"))
    #expect(text.contains("Resetting"))
  }

  @Test func action_keysAndCommands_mapToActionsAndOtherTextToNothing() {
    let state = ProbeFeature.State()
    #expect(view.action(for: .line("+"), in: state) == .view(.incrementTapped))
    #expect(view.action(for: .line("-"), in: state) == .view(.decrementTapped))
    #expect(view.action(for: .command(name: "reset"), in: state) == .view(.resetTapped))
    #expect(view.action(for: .command(name: "back"), in: state) == .view(.backTapped))
    #expect(view.action(for: .line("b"), in: state) == .view(.backTapped))
    #expect(view.action(for: .line("hello"), in: state) == nil)
  }
}
