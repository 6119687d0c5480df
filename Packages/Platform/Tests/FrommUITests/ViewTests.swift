import Testing

@testable import FrommUI

@Suite struct ViewTests {
  struct Feature {
    struct State {
      var names: [String]
      var selection: Int?
    }
    enum Action: Equatable {
      case view(ListView.Action)
      case loaded
    }
  }

  /// A view written against its own view state and view action.
  struct ListView: TerminalView {
    struct State: Equatable {
      var rows: [String]
      var selection: Int?
    }
    enum Action: Equatable {
      case selected(Int)
      case appeared
    }

    var startAction: Action? { .appeared }

    func render(_ state: State) -> Screen {
      Screen { Component.list(state.rows.map { ListItem($0) }, selection: state.selection) }
    }

    func action(for input: InputEvent, in state: State) -> Action? {
      input.movingSelection(state.selection, count: state.rows.count).map(Action.selected)
    }
  }

  let view = ListView().scope(
    state: { (state: Feature.State) in ListView.State(rows: state.names, selection: state.selection) },
    action: Feature.Action.view
  )

  @Test func scope_rendersFeatureStateThroughViewState() {
    let state = Feature.State(names: ["민지", "Bob"], selection: 0)
    #expect(view.render(state).plainText() == "> 1. 민지\n  2. Bob")
  }

  @Test func scope_mapsViewActionsOntoFeatureActions() {
    let state = Feature.State(names: ["민지", "Bob"], selection: 0)
    #expect(view.action(for: .key(.down), in: state) == .view(.selected(1)))
    #expect(view.action(for: .line("hello"), in: state) == nil)
    #expect(view.startAction == .view(.appeared))
  }

  @Test func movingSelection_arrowsClampAtEnds() {
    #expect(InputEvent.key(.down).movingSelection(nil, count: 3) == 0)
    #expect(InputEvent.key(.up).movingSelection(nil, count: 3) == 2)
    #expect(InputEvent.key(.down).movingSelection(2, count: 3) == 2)
    #expect(InputEvent.key(.up).movingSelection(0, count: 3) == 0)
    #expect(InputEvent.key(.tab).movingSelection(0, count: 3) == 1)
  }

  @Test func movingSelection_numbersPickRowsInRangeOnly() {
    #expect(InputEvent.line("3").movingSelection(0, count: 3) == 2)
    #expect(InputEvent.line("4").movingSelection(0, count: 3) == nil)
    #expect(InputEvent.line("0").movingSelection(0, count: 3) == nil)
    #expect(InputEvent.key(.down).movingSelection(nil, count: 0) == nil)
  }
}
