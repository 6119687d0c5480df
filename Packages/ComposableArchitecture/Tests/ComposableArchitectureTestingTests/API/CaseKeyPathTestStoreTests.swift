import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@MainActor
struct CaseKeyPathTestStoreTests {
  @Test func sendCaseKeyPath_voidCase_sendsTheAction() async {
    let store = TestStore(initialState: SearchFormFeature.State(query: "iu")) {
      SearchFormFeature()
    }
    await store.send(\.clearButtonTapped) { $0.query = "" }
  }

  @Test func sendCaseKeyPath_withValue_embedsIt() async {
    let store = TestStore(initialState: SearchFormFeature.State()) { SearchFormFeature() }
    await store.send(\.savedSearchOpened, "밤편지")
    await store.receive(\.binding.query, "밤편지") {
      $0.query = "밤편지"
      $0.searchCount = 1
    }
  }

  @Test func sendCaseKeyPath_nestedThroughPresentation_reachesTheChild() async {
    let store = TestStore(initialState: SearchFormFeature.State(query: "iu")) {
      SearchFormFeature()
    }
    await store.send(.filtersButtonTapped) {
      $0.destination = .editor(EditorFeature.State(text: "iu"))
    }
    await store.send(\.destination.presented.editor.binding, .set(\.text, "IU")) {
      $0.destination?.editor?.text = "IU"
    }
  }

  @Test func sendCaseKeyPath_skippingPresented_reachesTheChild() async {
    let store = TestStore(initialState: SearchFormFeature.State(query: "iu")) {
      SearchFormFeature()
    }
    await store.send(.filtersButtonTapped) {
      $0.destination = .editor(EditorFeature.State(text: "iu"))
    }
    await store.send(\.destination.editor.binding, .set(\.text, "IU")) {
      $0.destination?.editor?.text = "IU"
    }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func testStoreOf_namesTheStoreOfAReducer() async {
    let store: TestStoreOf<SearchFormFeature> = TestStore(
      initialState: SearchFormFeature.State()
    ) {
      SearchFormFeature()
    }
    await store.send(.set(\.isFavoritesOnly, true)) { $0.isFavoritesOnly = true }
  }

  @Test func receivePredicate_matchingAction_assertsItsState() async {
    let store = TestStore(initialState: SearchFormFeature.State()) { SearchFormFeature() }
    await store.send(.savedSearchOpened("iu"))
    await store.receive {
      if case .binding = $0 { true } else { false }
    } assert: {
      $0.query = "iu"
      $0.searchCount = 1
    }
  }

  @Test func receivePredicate_otherAction_reportsIt() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: SearchFormFeature.State()) { SearchFormFeature() }
      await store.send(.savedSearchOpened("iu"))
      await store.receive({ $0 == .clearButtonTapped })
    }
    #expect(
      issues == [
        """
        Received unexpected action: …

          .binding(set(\\State.query, "iu"))

        To fix, assert the actions in the order the effects send them.
        """
      ])
  }

  @Test func receiveBindingKeyPath_otherField_reportsIt() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: SearchFormFeature.State()) { SearchFormFeature() }
      await store.send(.savedSearchOpened("iu"))
      await store.receive(\.binding.isFavoritesOnly)
    }
    #expect(issues.count == 1)
    #expect(
      issues.first?.hasPrefix(
        "Received unexpected action: …\n\n  .binding(set(\\State.query, \"iu\"))") == true)
  }

  @Test func receiveCaseKeyPathWithValue_otherPayload_reportsPayloadDiff() async {
    let issues = await collectIssues {
      let store = TestStore(initialState: SearchFormFeature.State()) { SearchFormFeature() }
      await store.send(.savedSearchOpened("iu"))
      await store.receive(\.binding.query, "IU")
    }
    #expect(
      issues == [
        """
        Received unexpected action: …

            − .binding(set(\\State.query, "IU"))
            + .binding(set(\\State.query, "iu"))

        (Expected: −, Actual: +)

        To fix, assert the actions in the order the effects send them.
        """
      ])
  }
}

struct CaseMemberAccessTests {
  @Test func dynamicMember_readsThePayloadOfTheCurrentCase() {
    let state = SearchFormFeature.Destination.State.editor(EditorFeature.State(text: "iu"))
    #expect(state.editor == EditorFeature.State(text: "iu"))
    #expect(SearchFormFeature.Destination.State.help.editor == nil)
  }

  @Test func dynamicMember_setInOtherCase_changesNothing() {
    var state = SearchFormFeature.Destination.State.help
    state.editor = EditorFeature.State(text: "iu")
    #expect(state == .help)
    var optional: SearchFormFeature.Destination.State? = .editor(EditorFeature.State(text: "a"))
    optional?.editor?.text = "b"
    #expect(optional == .editor(EditorFeature.State(text: "b")))
  }

  @Test func bindingPattern_matchesOnlyItsField() {
    typealias Binding = BindingAction<SearchFormFeature.State>
    #expect(\SearchFormFeature.State.query ~= Binding.set(\.query, "iu"))
    #expect(!(\SearchFormFeature.State.query ~= Binding.set(\.isFavoritesOnly, true)))
  }
}
