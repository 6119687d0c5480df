import ComposableArchitecture
import Foundation
import Testing

struct IdentifiedArrayTests {
  struct Item: Identifiable, Equatable, Hashable, Codable, Sendable {
    var id: Int
    var name: String
  }

  @Test func init_duplicateIDs_keepsFirst() {
    let items: IdentifiedArrayOf<Item> = [
      .init(id: 1, name: "a"), .init(id: 1, name: "b"), .init(id: 2, name: "c"),
    ]
    #expect(items.map(\.name) == ["a", "c"])
    #expect(items.orderedIDs == [1, 2])
  }

  @Test func subscriptID_mutatesInPlaceAndKeepsOrder() {
    var items: IdentifiedArrayOf<Item> = [.init(id: 1, name: "a"), .init(id: 2, name: "b")]
    items[id: 2]?.name = "B"
    #expect(items.map(\.name) == ["a", "B"])
    items[id: 3] = Item(id: 3, name: "c")
    #expect(items.orderedIDs == [1, 2, 3])
    items[id: 1] = nil
    #expect(items.orderedIDs == [2, 3])
    #expect(items.index(id: 3) == 1)
  }

  @Test func insertAndRemove_keepIndexesConsistent() {
    var items: IdentifiedArrayOf<Item> = [.init(id: 1, name: "a"), .init(id: 3, name: "c")]
    #expect(items.insert(Item(id: 2, name: "b"), at: 1) == (true, 1))
    #expect(items.insert(Item(id: 2, name: "again"), at: 0) == (false, 1))
    #expect(items.orderedIDs == [1, 2, 3])
    #expect(items.remove(id: 1)?.name == "a")
    #expect(items.index(id: 2) == 0)
    #expect(items.remove(at: 0).name == "b")
    #expect(items.index(id: 3) == 0)
    items.removeAll { $0.id == 3 }
    #expect(items.isEmpty)
  }

  @Test func positionalMutation_updatesElement() {
    var items: IdentifiedArrayOf<Item> = [.init(id: 1, name: "a"), .init(id: 2, name: "b")]
    items[1].name = "B"
    #expect(items[id: 2]?.name == "B")
  }

  @Test func equatableAndHashable_followElementsInOrder() {
    let a: IdentifiedArrayOf<Item> = [.init(id: 1, name: "a"), .init(id: 2, name: "b")]
    let b: IdentifiedArrayOf<Item> = [.init(id: 2, name: "b"), .init(id: 1, name: "a")]
    #expect(a != b)
    #expect(a == [.init(id: 1, name: "a"), .init(id: 2, name: "b")])
    #expect(Set([a, a]).count == 1)
  }

  @Test func codable_roundTripsAsArray() throws {
    let items: IdentifiedArrayOf<Item> = [.init(id: 1, name: "a"), .init(id: 2, name: "b")]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(items)
    #expect(String(decoding: data, as: UTF8.self) == #"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"#)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: data) == items)
  }

  @Test func decode_duplicateIDs_throwsNamingTheID() {
    let json = Data(#"[{"id":1,"name":"a"},{"id":1,"name":"b"}]"#.utf8)
    #expect {
      try JSONDecoder().decode(IdentifiedArrayOf<Item>.self, from: json)
    } throws: { error in
      "\(error)".contains("Duplicate element id 1")
    }
  }
}

extension IdentifiedArrayTests {
  @Test func removeLast_removesAndReturnsTheLastElement_andKeepsLookupByID() {
    var items: IdentifiedArrayOf<Item> = [.init(id: 1, name: "a"), .init(id: 2, name: "b")]
    #expect(items.removeLast() == Item(id: 2, name: "b"))
    #expect(items.orderedIDs == [1])
    #expect(items[id: 2] == nil)
    items.append(Item(id: 2, name: "again"))
    #expect(items.orderedIDs == [1, 2])
    #expect(items.index(id: 2) == 1)
  }

  @Test func removeLastCount_andRemoveFirst_removeFromEachEnd() {
    var items: IdentifiedArrayOf<Item> = [
      .init(id: 1, name: "a"), .init(id: 2, name: "b"), .init(id: 3, name: "c"), .init(id: 4, name: "d"),
    ]
    items.removeLast(2)
    #expect(items.orderedIDs == [1, 2])
    #expect(items.removeFirst() == Item(id: 1, name: "a"))
    #expect(items.orderedIDs == [2])
    #expect(items.index(id: 2) == 0)
  }
}
