import ComposableArchitecture
import Testing

/// The array-and-index layout: elements lent out in place by id, and every way of removing one
/// keeps the positions of the others right.
struct IdentifiedArrayStorageTests {
  struct Item: Identifiable, Equatable {
    var id: Int
    var name: String
  }

  struct Refusal: Error {}

  static func items(_ ids: ClosedRange<Int>) -> IdentifiedArrayOf<Item> {
    IdentifiedArray(uniqueElements: ids.map { Item(id: $0, name: "\($0)") })
  }

  @Test func subscriptID_setToNilInPlace_removesItAndMovesTheRestUp() {
    var items = Self.items(1...3)
    func clear(_ item: inout Item?) { item = nil }
    clear(&items[id: 2])
    #expect(items.orderedIDs == [1, 3])
    #expect(items.map(\.name) == ["1", "3"])
    #expect(items.index(id: 3) == 1)
    #expect(items[id: 2] == nil)
  }

  @Test func subscriptID_mutationThatThrowsAfterClearing_leavesNoEmptySlot() {
    var items = Self.items(1...3)
    func clearThenThrow(_ item: inout Item?) throws {
      item = nil
      throw Refusal()
    }
    #expect(throws: Refusal.self) { try clearThenThrow(&items[id: 1]) }
    #expect(items.orderedIDs == [2, 3])
    #expect(items.index(id: 2) == 0)
    #expect(Array(items) == [Item(id: 2, name: "2"), Item(id: 3, name: "3")])
  }

  @Test func removeFirstAndLast_keepPositionsOfTheRest() {
    var items = Self.items(1...5)
    #expect(items.removeFirst().id == 1)
    #expect(items.removeLast().id == 5)
    items.removeLast(1)
    #expect(items.orderedIDs == [2, 3])
    #expect(items.index(id: 3) == 1)
    #expect(items[id: 4] == nil)
    #expect(items.append(Item(id: 4, name: "again")) == (true, 2))
    #expect(items[id: 4]?.name == "again")
  }

  @Test func removeAllWhere_dropsTheirIDsAndReindexesTheRest() {
    var items = Self.items(1...6)
    items.removeAll { $0.id.isMultiple(of: 2) }
    #expect(items.orderedIDs == [1, 3, 5])
    #expect(items.index(id: 5) == 2)
    #expect(items[id: 4] == nil)
    #expect(items.append(Item(id: 2, name: "back")) == (true, 3))
  }
}
