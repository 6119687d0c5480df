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

  /// The ids of the elements, in order.
  ///
  /// An array, where swift-identified-collections has an `OrderedSet`: ask the array itself
  /// (``index(id:)``, `self[id:]`) to find an id in constant time.
  // Stored, so that a key path to it (`forEach` reads it after every action) is an offset, not
  // a call that copies the whole state to project it; reading it is therefore not recorded (see
  // ``ReadRecorder``), and counts as a read of the whole array.
  public private(set) var ids: [ID]
  @usableFromInline var slots: [Element?]
  @usableFromInline var positions: [ID: Int]
  @usableFromInline let idOf: KeyPathGetter<Element, ID>
  /// Renewed by every change: observers compare it rather than the elements (see
  /// ``ChangeVersioned``).
  @usableFromInline var version: UInt64
  /// Renewed by every change to the ids or their order, not by a change inside an element.
  @usableFromInline var structureVersion: UInt64
  /// Told what is read from this copy, when a store handed it to an observer.
  @usableFromInline var reads: ReadRecorder?

  /// Creates an empty array whose elements are identified by `id`.
  public init(id: KeyPath<Element, ID>) {
    self.ids = []
    self.slots = []
    self.positions = [:]
    self.idOf = KeyPathGetter(id)
    self.version = nextChangeVersion()
    self.structureVersion = version
    self.reads = nil
  }

  /// Creates an array from `elements`, keeping the first of any elements that share an id.
  public init(uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self.init(id: id)
    // Sized once up front: growing by doubling would hold the old and new storage at once.
    reserveCapacity(elements.underestimatedCount)
    for element in elements { append(element) }
  }

  /// Creates an array from `elements`, which the caller promises have unique ids: nothing is
  /// checked, so a duplicate leaves the array inconsistent.
  public init(uncheckedUniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID>) {
    self.init(id: id)
    slots = elements.map { $0 }
    ids = slots.map { idOf($0!) }
    positions.reserveCapacity(ids.count)
    reindex(from: 0)
  }

  /// Creates an array from `elements`; of elements that share an id, `combine` makes the one
  /// kept, at the position of the first.
  ///
  /// ```swift
  /// let latest = IdentifiedArray(edits, id: \.messageID) { _, later in later }
  /// ```
  public init(
    _ elements: some Sequence<Element>, id: KeyPath<Element, ID>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    self.init(id: id)
    for element in elements {
      if let index = positions[idOf(element)] {
        slots[index] = try combine(slots[index]!, element)
      } else {
        append(element)
      }
    }
  }

  /// The elements, in order.
  public var elements: [Element] {
    reads?.elementsRead()
    return slots.map { $0! }
  }

  /// The ids in order; the same as ``ids``.
  public var orderedIDs: [ID] { ids }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting a value for a new id
  /// appends it.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      reads?.elementsRead()
      return positions[id].map { slots[$0]! }
    }
    _modify {
      if let index = positions[id] {
        didChange(structure: false)
        // Lent out in place: a change to the element does not copy what it holds. Checked in a
        // `defer` so that an access ended by a thrown error leaves no empty slot either.
        defer { if slots[index] == nil { removeSlot(at: index) } }
        yield &slots[index]
      } else {
        var newValue: Element? = nil
        yield &newValue
        if let newValue { append(newValue) }
      }
    }
    set {
      if let index = positions[id] {
        didChange(structure: false)
        if let newValue { slots[index] = newValue } else { removeSlot(at: index) }
      } else if let newValue {
        append(newValue)
      }
    }
  }

  /// Appends `element` if its id is new; returns whether it was inserted and its index.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let id = idOf(element)
    if let index = positions[id] { return (false, index) }
    didChange(structure: true)
    ids.append(id)
    slots.append(element)
    positions[id] = ids.count - 1
    return (true, ids.count - 1)
  }

  /// Appends each of `newElements` whose id is new, in order.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements { append(element) }
  }

  /// Inserts `element` at `index` if its id is new.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let id = idOf(element)
    if let existing = positions[id] { return (false, existing) }
    didChange(structure: true)
    ids.insert(id, at: index)
    slots.insert(element, at: index)
    reindex(from: index)
    return (true, index)
  }

  /// Replaces the element at `index` with `element`, which must have the same id; returns the
  /// element replaced.
  @discardableResult
  public mutating func update(_ element: Element, at index: Int) -> Element {
    precondition(
      idOf(element) == ids[index], "The replacement element must have the id of the element it replaces.")
    didChange(structure: false)
    defer { slots[index] = element }
    return slots[index]!
  }

  /// Replaces the element with `element`'s id, or appends `element` when its id is new; returns
  /// the element replaced, or `nil`.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    guard let index = positions[idOf(element)] else {
      append(element)
      return nil
    }
    return update(element, at: index)
  }

  /// Replaces the element with `element`'s id where it is, or inserts `element` at `index` when
  /// its id is new; returns the element replaced (or `nil`) and where `element` now is.
  @discardableResult
  public mutating func updateOrInsert(
    _ element: Element, at index: Int
  ) -> (originalMember: Element?, index: Int) {
    guard let existing = positions[idOf(element)] else {
      insert(element, at: index)
      return (nil, index)
    }
    return (update(element, at: existing), existing)
  }

  /// Removes and returns the element with the id of `element`, if any.
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: idOf(element))
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
    didChange(structure: true)
    positions[ids.removeLast()] = nil
    return slots.removeLast()!
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
    var kept: [Int] = []
    kept.reserveCapacity(ids.count)
    for index in slots.indices where try !shouldRemove(slots[index]!) { kept.append(index) }
    guard kept.count < ids.count else { return }
    keep(kept)
  }

  /// Removes every element.
  public mutating func removeAll() {
    didChange(structure: true)
    ids.removeAll()
    slots.removeAll()
    positions.removeAll()
  }

  /// Makes room for `capacity` elements.
  public mutating func reserveCapacity(_ capacity: Int) {
    ids.reserveCapacity(capacity)
    slots.reserveCapacity(capacity)
    positions.reserveCapacity(capacity)
  }

  /// The elements for which `isIncluded` returns `true`, in order, as an identified array.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = self
    try result.removeAll { try !isIncluded($0) }
    return result
  }

  /// The index of the element with `id`, or `nil`.
  public func index(id: ID) -> Int? {
    reads?.structureRead()
    return positions[id]
  }

  /// Removes the slot at `index`; `nil` only when `[id:]` lent the element out and got `nil` back.
  @usableFromInline
  @discardableResult
  mutating func removeSlot(at index: Int) -> Element? {
    didChange(structure: true)
    positions[ids.remove(at: index)] = nil
    let element = slots.remove(at: index)
    reindex(from: index)
    return element
  }

  /// Keeps the elements at `indices` (ascending), dropping the rest.
  mutating func keep(_ indices: [Int]) {
    didChange(structure: true)
    positions.removeAll(keepingCapacity: true)
    ids = indices.map { ids[$0] }
    slots = indices.map { slots[$0] }
    reindex(from: 0)
  }

  /// Puts the elements in the order of `order`, a permutation of the indices.
  mutating func reorder(_ order: [Int]) {
    didChange(structure: true)
    ids = order.map { ids[$0] }
    slots = order.map { slots[$0] }
    reindex(from: 0)
  }

  /// Renews the versions after a change (both when `structure` changed too); the copy is no
  /// longer the one handed to an observer.
  @usableFromInline
  mutating func didChange(structure: Bool) {
    version = nextChangeVersion()
    if structure { structureVersion = version }
    reads = nil
  }

  mutating func reindex(from start: Int) {
    for index in start..<ids.count { positions[ids[index]] = index }
  }
}

extension IdentifiedArray: ChangeVersioned {
  var changeVersion: UInt64 { version }
  var structureChangeVersion: UInt64 { structureVersion }

  func recordingReads(into recorder: ReadRecorder) -> Self {
    var copy = self
    copy.reads = recorder
    return copy
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

  /// Creates an array from `elements`, which the caller promises have unique ids: nothing is
  /// checked, so a duplicate leaves the array inconsistent.
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init(uncheckedUniqueElements: elements, id: \.id)
  }

  /// Creates an array from `elements`; of elements that share an id, `combine` makes the one
  /// kept, at the position of the first.
  public init(
    _ elements: some Sequence<Element>, uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    try self.init(elements, id: \.id, uniquingIDsWith: combine)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  public init(arrayLiteral elements: Element...) { self.init(uniqueElements: elements) }
}

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int {
    reads?.structureRead()
    return ids.count
  }

  /// The number of elements; reading it observes the ids, not what the elements hold.
  @inlinable public var count: Int {
    reads?.structureRead()
    return ids.count
  }

  /// Whether there are no elements; reading it observes the ids, not what the elements hold.
  @inlinable public var isEmpty: Bool {
    reads?.structureRead()
    return ids.isEmpty
  }

  /// The element at `position`. Setting an element with another id replaces the one there, as
  /// in swift-identified-collections: when the new id is already elsewhere in the array, the
  /// element that had it is replaced and the one that was at `position` moves to its place.
  @inlinable
  public subscript(position: Int) -> Element {
    get {
      reads?.elementsRead()
      return slots[position]!
    }
    set { replace(at: position, with: newValue) }
    _modify {
      didChange(structure: false)
      let id = ids[position]
      yield &slots[position]!
      let newID = idOf(slots[position]!)
      if newID != id { takeNewID(newID, at: position) }
    }
  }

  @inlinable public func index(after i: Int) -> Int { i + 1 }
  @inlinable public func index(before i: Int) -> Int { i - 1 }

  /// Swaps the elements at `i` and `j`, ids and all.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    didChange(structure: true)
    ids.swapAt(i, j)
    slots.swapAt(i, j)
    positions[ids[i]] = i
    positions[ids[j]] = j
  }

  /// What setting `self[position]` does: see the subscript.
  @usableFromInline
  mutating func replace(at position: Int, with newValue: Element) {
    let id = idOf(newValue)
    didChange(structure: ids[position] != id)
    if let existing = positions[id], existing != position {
      swapAt(existing, position)
    } else if ids[position] != id {
      positions[ids[position]] = nil
      ids[position] = id
      positions[id] = position
    }
    slots[position] = newValue
  }

  /// The element at `position`, changed in place, now has `id`: an element elsewhere that had
  /// it is dropped, since two elements cannot share an id.
  @usableFromInline
  mutating func takeNewID(_ id: ID, at position: Int) {
    didChange(structure: true)
    positions[ids[position]] = nil
    ids[position] = id
    if let other = positions[id] {
      let element = slots[position]
      ids.remove(at: other)
      slots.remove(at: other)
      let position = other < position ? position - 1 : position
      slots[position] = element
      reindex(from: Swift.min(other, position))
    } else {
      positions[id] = position
    }
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // The same version: one is an unchanged copy of the other.
    lhs.version == rhs.version || (lhs.ids == rhs.ids && lhs.slots == rhs.slots)
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
