import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import Sharing
import Testing

extension SharedKey where Self == InMemoryKey<[String]>.Default {
  /// A key with its default, declared once, as SyncUps declares `.syncUps`.
  static var names: Self { Self[.inMemory("names"), default: ["IU"]] }
}

/// A feature that only reads a shared value.
struct NamesHeader: Reducer {
  struct State: Equatable {
    @SharedReader(.names) var names
    var title = ""
  }

  enum Action: Equatable { case refreshTitle }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.title = state.names.joined(separator: ", ")
    return .none
  }
}

@MainActor
struct SharedAdditionsTests {
  @Test func keyWithDefault_noInitialValueAtTheDeclaration_startsFromTheDefaultAndShares() {
    @Shared(.names) var names
    @Shared(.inMemory("names")) var same: [String] = []
    #expect(names == ["IU"])
    $names.withLock { $0.append("태연") }
    #expect(same == ["IU", "태연"])
  }

  @Test func sharedReader_seesChangesMadeThroughShared() async {
    let store = TestStore(initialState: NamesHeader.State()) { NamesHeader() }
    @Shared(.names) var names
    $names.withLock { $0 = ["악뮤"] }
    await store.send(.refreshTitle) { $0.title = "악뮤" }
    #expect(SharedReader($names).wrappedValue == ["악뮤"])
  }

  @Test func unwrapping_nonNil_sharesChangesBothWays() {
    let optional = Shared<String?>(value: "IU")
    guard let unwrapped = Shared(optional) else {
      Issue.record("a non-nil value must unwrap")
      return
    }
    unwrapped.withLock { $0 = "아이유" }
    #expect(optional.wrappedValue == "아이유")
    optional.withLock { $0 = "IU" }
    #expect(unwrapped.wrappedValue == "IU")
  }

  @Test func unwrapping_nil_isNil_andAfterwardsKeepsTheLastValue() {
    #expect(Shared(Shared<String?>(value: nil)) == nil)
    let optional = Shared<String?>(value: "IU")
    let unwrapped = Shared(optional)
    optional.withLock { $0 = nil }
    #expect(unwrapped?.wrappedValue == "IU")
  }
}
