import CommonDataModels
import Foundation
import Testing

@Suite struct TaggedTests {
  struct Room: Codable, Equatable {
    var id: AccountID
    var after: MessageID?
  }

  @Test func ids_inAnObject_encodeAsTheirPlainIntegers() throws {
    let data = try WireJSON.encode(Room(id: 42, after: 1207))
    #expect(String(decoding: data, as: UTF8.self) == #"{"after":1207,"id":42}"#)
    #expect(try WireJSON.decode(Room.self, from: data) == Room(id: 42, after: 1207))
  }

  @Test func id_sentAsAString_failsNamingTheField() {
    let error = #expect(throws: WireDecodingError.self) {
      try WireJSON.decode(Room.self, from: Data(#"{"id":"42"}"#.utf8))
    }
    #expect(error?.fieldPath == "id")
  }

  @Test func ids_compareHashAndPrintByTheirRawValue() {
    let ids: [MessageID] = [3, 1, 2, 1]
    #expect(ids.sorted() == [1, 1, 2, 3])
    #expect(Set(ids).count == 3)
    #expect(ids.max() == MessageID(3))
    #expect(AccountID(rawValue: 9).description == "9")
    #expect("\(AccountID(9))" == "9")
    #expect(AccountID(9).rawValue == 9)
  }

  @Test func tagsOfTheSameRawType_areDistinctTypes() {
    // The point of the tag: an account id is no message id, though both are Int64.
    #expect(AccountID.self != MessageID.self)
    #expect(MemoryLayout<AccountID>.size == MemoryLayout<Int64>.size)
  }

  @Test func stringRawValue_isTaggedAndEncodedAsItsString() throws {
    enum Username {}
    let name = Tagged<Username, String>("iu_official")
    #expect(String(decoding: try WireJSON.encode([name]), as: UTF8.self) == #"["iu_official"]"#)
    #expect(name.description == "iu_official")
  }
}
