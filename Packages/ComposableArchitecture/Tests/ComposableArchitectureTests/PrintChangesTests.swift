import ComposableArchitecture
import Synchronization
import Testing

/// An object that can point at itself, as delegates and parent links in real models do.
final class Node: @unchecked Sendable {
  // Sendable for the test's state only: it is touched on the main actor alone.
  var name: String
  var next: Node?

  init(name: String) { self.name = name }
}

/// Collects what `_printChanges` writes.
final class PrintedLines: Sendable {
  private let lines = Mutex<[String]>([])
  var all: [String] { lines.withLock { $0 } }
  var printer: ChangePrinter {
    ChangePrinter { line in self.lines.withLock { $0.append(line) } }
  }
}

struct Linked: Reducer {
  struct State {
    var count = 0
    var node: Node
  }

  enum Action { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@MainActor
struct PrintChangesTests {
  @Test func printChanges_stateHoldingACycle_stopsAtTheCycle() {
    let node = Node(name: "loop")
    node.next = node
    let printed = PrintedLines()
    let store = Store(initialState: Linked.State(node: node)) { Linked()._printChanges(printed.printer) }

    store.send(.increment)

    #expect(printed.all.count == 1)
    let report = printed.all.first ?? ""
    #expect(report.contains("−   count: 0,"), "\(report)")
    #expect(report.contains("+   count: 1,"), "\(report)")
    node.next = nil
  }

  @Test func dump_selfReferencingObject_writesABackReference() {
    let node = Node(name: "loop")
    node.next = node
    #expect(
      debugDump(node) == """
        Node(
          name: "loop",
          next: Node(↩︎)
        )
        """)
    node.next = nil
  }
}
