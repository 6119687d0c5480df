import ComposableArchitecture
import Foundation
import Testing

/// An element that is its own id, written as an integer literal, so that arrays read as in
/// swift-identified-collections' own tests: `[1, 2, 3]`.
private struct Number: Identifiable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
  let id: Int
  init(integerLiteral value: Int) { id = value }
  static func < (lhs: Self, rhs: Self) -> Bool { lhs.id < rhs.id }
  var description: String { "\(id)" }
}

private struct User: Equatable, Identifiable {
  let id: Int
  var name: String
}

/// The collection semantics of swift-identified-collections: reordering moves ids with their
/// elements, the position subscript replaces an element and its id, and the APIs a TCA feature
/// uses on its rows.
struct IdentifiedArrayCollectionTests {
  @Test func ids_areTheIDsInOrder() {
    let array: IdentifiedArrayOf<Number> = [3, 1, 2]
    #expect(array.ids == [3, 1, 2])
  }

  @Test func elements_areTheElementsInOrder() {
    let array: IdentifiedArray = [User(id: 1, name: "Blob"), User(id: 2, name: "Blob, Jr.")]
    #expect(array.elements == array.map { $0 })
  }

  @Test func sortBy_movesIDsWithTheirElements() {
    var array: IdentifiedArray = [User(id: 1, name: "c"), User(id: 2, name: "a"), User(id: 3, name: "b")]
    array.sort { $0.name < $1.name }
    #expect(array.ids == [2, 3, 1])
    #expect(array.map(\.name) == ["a", "b", "c"])
    for id in array.ids { #expect(array[id: id]?.id == id) }
  }

  @Test func sort_comparableElements_sortsAscending() {
    var array: IdentifiedArrayOf<Number> = [3, 1, 2]
    array.sort()
    #expect(array.ids == [1, 2, 3])
    #expect(array.index(id: 3) == 2)
  }

  @Test func partition_putsMatchingElementsLast_andKeepsLookupByID() {
    var array: IdentifiedArrayOf<Number> = [1, 2]
    let index = array.partition { $0.id == 1 }
    #expect(index == 1)
    #expect(array.ids == [2, 1])
    for id in array.ids { #expect(array[id: id]?.id == id) }
  }

  @Test func swapAt_swapsElementsAndIDs() {
    var array: IdentifiedArrayOf<Number> = [1, 2, 3]
    array.swapAt(0, 2)
    #expect(array.ids == [3, 2, 1])
    #expect(array.index(id: 1) == 2)
    array.reverse()
    #expect(array.ids == [1, 2, 3])
  }

  @Test func subscriptPosition_elementWithNewID_replacesTheElementAndItsID() {
    var items: IdentifiedArrayOf<Number> = [1, 2, 3]
    items[1] = 4
    #expect(items.count == 3)
    #expect(items.ids == [1, 4, 3])
    #expect(items[id: 2] == nil)
    #expect(items.index(id: 4) == 1)
  }

  @Test func subscriptPosition_idFoundElsewhere_swapsThatElementIntoItsPlace() {
    var items: IdentifiedArray = [User(id: 1, name: "a"), User(id: 2, name: "b"), User(id: 3, name: "c")]
    items[0] = User(id: 3, name: "C")
    #expect(items.map(\.name) == ["C", "b", "a"])
    #expect(items.ids == [3, 2, 1])
  }

  @Test func subscriptPosition_idChangedInPlace_takesTheNewIDAndDropsItsOtherHolder() {
    struct Tag: Equatable, Identifiable { var id: Int }
    var tags: IdentifiedArray = [Tag(id: 1), Tag(id: 2), Tag(id: 3)]
    tags[0].id = 9
    #expect(tags.ids == [9, 2, 3])
    #expect(tags[id: 9] == Tag(id: 9))
    tags[2].id = 2
    #expect(tags.ids == [9, 2])
    #expect(tags.index(id: 2) == 1)
    #expect(tags[id: 3] == nil)
  }

  @Test func remove_element_removesTheElementWithItsID() {
    var array: IdentifiedArrayOf<Number> = [1, 2, 3]
    #expect(array.remove(2)?.id == 2)
    #expect(array.ids == [1, 3])
    #expect(array.remove(7) == nil)
  }

  @Test func removeAtOffsets_removesThoseAndKeepsTheRest() {
    var array: IdentifiedArrayOf<Number> = [1, 2, 3]
    array.remove(atOffsets: [0, 2])
    #expect(array.ids == [2])
    #expect(array.index(id: 2) == 0)
  }

  @Test func moveFromOffsets_movesBeforeTheDestination() {
    var array: IdentifiedArrayOf<Number> = [1, 2, 3]
    array.move(fromOffsets: [0, 2], toOffset: 0)
    #expect(array.ids == [1, 3, 2])

    array = [1, 2, 3]
    array.move(fromOffsets: [0, 2], toOffset: 1)
    #expect(array.ids == [1, 3, 2])

    array = [1, 2, 3]
    array.move(fromOffsets: [0, 2], toOffset: 2)
    #expect(array.ids == [2, 1, 3])

    array = [1, 2, 3]
    array.move(fromOffsets: [0], toOffset: 3)
    #expect(array.ids == [2, 3, 1])
    #expect(array.index(id: 1) == 2)
  }

  @Test func appendContentsOf_appendsOnlyNewIDs() {
    var array: IdentifiedArrayOf<Number> = [1, 2, 3]
    array.append(contentsOf: [1, 4, 3, 5])
    #expect(array.ids == [1, 2, 3, 4, 5])
  }

  @Test func updateAt_replacesAndReturnsTheOriginal() {
    var array: IdentifiedArray = [User(id: 1, name: "a"), User(id: 2, name: "b")]
    #expect(array.update(User(id: 2, name: "B"), at: 1) == User(id: 2, name: "b"))
    #expect(array[id: 2]?.name == "B")
  }

  @Test func updateOrAppend_newID_appends_knownID_replaces() {
    var array: IdentifiedArray = [User(id: 1, name: "a"), User(id: 2, name: "b")]
    #expect(array.updateOrAppend(User(id: 3, name: "c")) == nil)
    #expect(array.ids == [1, 2, 3])
    #expect(array.updateOrAppend(User(id: 1, name: "A")) == User(id: 1, name: "a"))
    #expect(array.map(\.name) == ["A", "b", "c"])
  }

  @Test func updateOrInsert_newID_inserts_knownID_replacesWhereItIs() {
    var array: IdentifiedArray = [User(id: 1, name: "a"), User(id: 2, name: "b")]
    var (original, index) = array.updateOrInsert(User(id: 0, name: "z"), at: 0)
    #expect(original == nil)
    #expect(index == 0)
    #expect(array.ids == [0, 1, 2])
    (original, index) = array.updateOrInsert(User(id: 2, name: "B"), at: 0)
    #expect(original == User(id: 2, name: "b"))
    #expect(index == 2)
    #expect(array.map(\.name) == ["z", "a", "B"])
  }

  @Test func initUncheckedUniqueElements_keepsThemInOrder() {
    let array = IdentifiedArray(uncheckedUniqueElements: [User(id: 2, name: "b"), User(id: 1, name: "a")])
    #expect(array.ids == [2, 1])
    #expect(array[id: 1]?.name == "a")
  }

  @Test func initUniquingIDsWith_combinesDuplicatesAtTheFirstPosition() {
    struct Model: Equatable {
      let id: Int
      let data: String
    }
    let models = [Model(id: 1, data: "A"), Model(id: 2, data: "B"), Model(id: 1, data: "AAAA")]

    let first = IdentifiedArray(models, id: \.id) { first, _ in first }
    #expect(first.elements == [Model(id: 1, data: "A"), Model(id: 2, data: "B")])

    let later = IdentifiedArray(models, id: \.id) { _, later in later }
    #expect(later.elements == [Model(id: 1, data: "AAAA"), Model(id: 2, data: "B")])

    let users = IdentifiedArray([User(id: 1, name: "a"), User(id: 1, name: "b")]) { _, later in later }
    #expect(users.elements == [User(id: 1, name: "b")])
  }

  @Test func filter_returnsAnIdentifiedArray() {
    let array: IdentifiedArrayOf<Number> = [1, 2, 3, 4]
    let even: IdentifiedArrayOf<Number> = array.filter { $0.id.isMultiple(of: 2) }
    #expect(even.ids == [2, 4])
    #expect(even.index(id: 4) == 1)
  }

  @Test func equality_aChangedCopy_differs_anUnchangedCopy_isEqual() {
    let array: IdentifiedArray = [User(id: 1, name: "a")]
    var copy = array
    #expect(copy == array)
    copy[id: 1]?.name = "b"
    #expect(copy != array)
    copy[id: 1]?.name = "a"
    #expect(copy == array)
  }
}
