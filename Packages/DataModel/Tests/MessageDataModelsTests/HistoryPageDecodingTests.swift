import CommonDataModels
import Foundation
import MessageDataModels
import Testing

@Suite struct HistoryPageDecodingTests {
  @Test func history_validFixture_decodesOldestFirstWithHasOlder() throws {
    let page = try WireJSON.decode(HistoryPage.self, from: fixture("history"))
    #expect(page.messages.map(\.id) == [10, 12])
    #expect(page.hasOlder)
  }

  @Test func history_missingHasOlder_isRejected() throws {
    let data = Data(#"{"messages": []}"#.utf8)
    #expect(throws: WireDecodingError(fieldPath: "hasOlder", problem: "is missing")) {
      try WireJSON.decode(HistoryPage.self, from: data)
    }
  }
}
