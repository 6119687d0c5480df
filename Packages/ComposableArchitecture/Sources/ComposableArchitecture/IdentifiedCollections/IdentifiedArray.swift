/// An ordered collection of elements with unique ids, with O(1) lookup and in-place mutation by
/// id.
///
/// ```swift
/// var rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
/// rows[id: 2]?.isRead = true
/// rows.remove(id: 1)
/// ```
public struct IdentifiedArray<ID: Hashable, Element> {
  // Laid out as a plain array with an index of positions: the elements in order (optional only
  // so that `[id:]` can lend one out in place and take `nil` back; never `nil` at rest), their
  // ids in the same order, and each id's position. Iterating reads the array alone.
  @usableFromInline var ids: [ID]
  @usableFromInline var elements: [Element?]
  @usableFromInline var positions: [ID: Int]
  @usableFromInline let idOf: KeyPathGetter<Element, ID>

  /// Creates an empty array whose elements are identified by `id`.
  public init(id: KeyPath<Element, ID>) {
    self.ids = []
    self.elements = []
    self.positions = [:]
    self.idOf = KeyPathGetter(id)
  }

  /// Creates an array from `elements`, keeping the first of any elements that share an id.
  public init(uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self.init(id: id)
    // Sized once up front: growing by doubling would hold the old and new storage at once.
    let count = elements.underestimatedCount
    self.ids.reserveCapacity(count)
    self.elements.reserveCapacity(count)
    self.positions.reserveCapacity(count)
    for element in elements { append(element) }
  }

  /// The ids in order.
  public var orderedIDs: [ID] { ids }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting a value for a new id
  /// appends it.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { positions[id].map { elements[$0]! } }
    _modify {
      if let index = positions[id] {
        // Lent out in place: a change to the element does not copy what it holds. Checked in a
        // `defer` so that an access ended by a thrown error leaves no empty slot either.
        defer { if elements[index] == nil { removeSlot(at: index) } }
        yield &elements[index]
      } else {
        var newValue: Element? = nil
        yield &newValue
        if let newValue { append(newValue) }
      }
    }
    set {
      if let index = positions[id] {
        if let newValue { elements[index] = newValue } else { removeSlot(at: index) }
      } else if let newValue {
        ids.append(id)
        elements.append(newValue)
        positions[id] = ids.count - 1
      }
    }
  }

  /// Appends `element` if its id is new; returns whether it was inserted and its index.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let id = idOf(element)
    if let index = positions[id] { return (false, index) }
    ids.append(id)
    elements.append(element)
    positions[id] = ids.count - 1
    return (true, ids.count - 1)
  }

  /// Inserts `element` at `index` if its id is new.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let id = idOf(element)
    if let existing = positions[id] { return (false, existing) }
    ids.insert(id, at: index)
    elements.insert(element, at: index)
    reindex(from: index)
    return (true, index)
  }

  /// Removes and returns the element with `id`, if any.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let index = positions[id] else { return nil }
    return removeSlot(at: index)
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    // Never `nil` at rest: only `[id:]` empties a slot, and it removes the slot at once.
    removeSlot(at: index)!
  }

  /// Removes and returns the last element; the array must not be empty, as with `Array`.
  ///
  /// ```swift
  /// let newest = state.messages.removeLast()
  /// ```
  @discardableResult
  public mutating func removeLast() -> Element {
    precondition(!ids.isEmpty, "Can't remove the last element from an empty IdentifiedArray.")
    positions[ids.removeLast()] = nil
    return elements.removeLast()!
  }

  /// Removes the last `count` elements; the array must hold at least that many.
  public mutating func removeLast(_ count: Int) {
    precondition(
      count >= 0 && count <= ids.count, "Can't remove more elements than an IdentifiedArray holds.")
    for _ in 0..<count { removeLast() }
  }

  /// Removes and returns the first element; the array must not be empty, as with `Array`.
  @discardableResult
  public mutating func removeFirst() -> Element {
    precondition(!ids.isEmpty, "Can't remove the first element from an empty IdentifiedArray.")
    return remove(at: 0)
  }

  /// Removes every element for which `shouldRemove` returns `true`, keeping the order of the rest.
  public mutating func removeAll(where shouldRemove: (Element) throws -> Bool) rethrows {
    var keptIDs: [ID] = []
    var kept: [Element?] = []
    keptIDs.reserveCapacity(ids.count)
    kept.reserveCapacity(ids.count)
    for (id, element) in zip(ids, elements) {
      if try shouldRemove(element!) {
        positions[id] = nil
      } else {
        keptIDs.append(id)
        kept.append(element)
      }
    }
    ids = keptIDs
    elements = kept
    reindex(from: 0)
  }

  /// Removes every element.
  public mutating func removeAll() {
    ids.removeAll()
    elements.removeAll()
    positions.removeAll()
  }

  /// The index of the element with `id`, or `nil`.
  public func index(id: ID) -> Int? { positions[id] }

  /// Removes the slot at `index`; `nil` only when `[id:]` lent the element out and got `nil` back.
  @usableFromInline
  @discardableResult
  mutating func removeSlot(at index: Int) -> Element? {
    positions[ids.remove(at: index)] = nil
    let element = elements.remove(at: index)
    reindex(from: index)
    return element
  }

  mutating func reindex(from start: Int) {
    for index in start..<ids.count { positions[ids[index]] = index }
  }
}

/// A key path read as a `Sendable` function; key paths are immutable values.
@usableFromInline
struct KeyPathGetter<Root, Value>: @unchecked Sendable {
  @usableFromInline let keyPath: KeyPath<Root, Value>
  init(_ keyPath: KeyPath<Root, Value>) { self.keyPath = keyPath }
  @inlinable func callAsFunction(_ root: Root) -> Value { root[keyPath: keyPath] }
}

/// An ``IdentifiedArray`` of `Identifiable` elements.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array.
  public init() { self.init(id: \.id) }

  /// Creates an array from `elements`, keeping the first of any elements that share an id.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  public init(arrayLiteral elements: Element...) { self.init(uniqueElements: elements) }
}

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { ids.count }

  public subscript(position: Int) -> Element {
    get { elements[position]! }
    set {
      precondition(idOf(newValue) == ids[position], "An element's id cannot change through its index.")
      elements[position] = newValue
    }
  }

  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids.count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      guard append(element).inserted else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Duplicate element id \(element.id)")
      }
    }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String { Array(self).description }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as its elements, so dumps and diffs show an identified array like an array.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}
