import Foundation

/// Reordering moves ids with their elements, so that every element keeps its id, as in
/// swift-identified-collections (the collection's own algorithms, going through the position
/// subscript, would move elements between ids).
extension IdentifiedArray {
  /// Sorts the elements in place, ids with them.
  ///
  /// ```swift
  /// state.todos.sort { $0.isComplete == false && $1.isComplete }
  /// ```
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    var order = Array(indices)
    try order.sort { try areInIncreasingOrder(slots[$0]!, slots[$1]!) }
    reorder(order)
  }

  /// Puts the elements for which `belongsInSecondPartition` returns `true` after the others, ids
  /// with them; returns the index of the first of those.
  public mutating func partition(by belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Int {
    var order = Array(indices)
    let pivot = try order.partition { try belongsInSecondPartition(slots[$0]!) }
    reorder(order)
    return pivot
  }

  /// Moves the elements at `source` to just before the element that was at `destination` (or
  /// to the end), keeping their order, as a list's drag and drop does.
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let moving = Array(source)
    var order = indices.filter { !source.contains($0) }
    let insertion = destination - source.count(in: 0..<destination)
    order.insert(contentsOf: moving, at: insertion)
    reorder(order)
  }

  /// Removes the elements at `offsets`, keeping the order of the rest.
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard !offsets.isEmpty else { return }
    keep(indices.filter { !offsets.contains($0) })
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in ascending order, ids with them.
  public mutating func sort() {
    sort(by: <)
  }
}
