import ComposableArchitecture
import ComposableArchitectureTesting
import Synchronization
import Testing

@MainActor
struct BindingTests {
  @Test func bindingAction_setsField_andIsAssertedLikeAnyAction() async {
    let store = TestStore(initialState: EditorFeature.State(text: "")) { EditorFeature() }
    await store.send(.set(\.text, "안녕")) { $0.text = "안녕" }
    await store.send(.binding(.set(\.text, "hi"))) { $0.text = "hi" }
  }

  @Test func bindingAction_equality_comparesFieldAndValue() {
    typealias Binding = BindingAction<EditorFeature.State>
    #expect(Binding.set(\.text, "a") == Binding.set(\.text, "a"))
    #expect(Binding.set(\.text, "a") != Binding.set(\.text, "b"))
    #expect(Binding.set(\.text, "a").value(for: \.text) == "a")
  }

  @Test func storeBinding_readsStateAndSendsBindingAction() {
    let store = Store(initialState: EditorFeature.State(text: "old")) { EditorFeature() }
    let text = store.binding(\.text)
    #expect(text.wrappedValue == "old")
    text.wrappedValue = "new"
    #expect(store.state.text == "new")
  }

  @Test func printChanges_printsActionAndStateDiff() {
    let output = Mutex<[String]>([])
    let store = Store(initialState: EditorFeature.State(text: "a")) {
      EditorFeature()._printChanges(ChangePrinter { line in output.withLock { $0.append(line) } })
    }
    store.send(.set(\.text, "b"))
    store.send(.set(\.text, "b"))
    let printed = output.withLock { $0 }
    #expect(printed.count == 2)
    #expect(printed[0].hasPrefix("received action:\n"))
    #expect(printed[0].contains("−   text: \"a\""))
    #expect(printed[0].contains("+   text: \"b\""))
    #expect(printed[1].hasSuffix("(No state changes)"))
    #expect(printed[0].contains("  .binding(\n    set(\\State.text, \"b\")\n  )"))
  }
}
