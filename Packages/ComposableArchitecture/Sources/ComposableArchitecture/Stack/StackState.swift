import Synchronization

/// A navigation stack as state: screens in push order, each with a stable ``StackElementID``.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// …
/// state.path.append(.detail(Detail.State()))   // pushes, id 0
/// state.path.removeLast()                       // pops; the screen's effects are cancelled
/// ```
///
/// Integrate the screens with
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``. Equality compares the
/// screens and their ids.
public struct StackState<Element> {
  /// The ids of the screens, bottom first.
  public private(set) var ids: [StackElementID]
  var elements: [Element]
  var nextID: Int
  /// The ids whose screens may have effects running, as the stack reducer last saw them:
  /// another reducer may have removed screens since, which the stack reducer notices on its next
  /// action and cancels their effects.
  var mountedIDs: [StackElementID]
  /// Tells this stack's effects apart from those of another stack with the same ids.
  let stackIdentity: Int

  /// Creates a stack holding `elements`, bottom first.
  public init(_ elements: some Sequence<Element>) {
    self.elements = Array(elements)
    self.ids = self.elements.indices.map { StackElementID(rawValue: $0) }
    self.nextID = self.elements.count
    self.mountedIDs = self.ids
    self.stackIdentity = stackIdentityCounter.add(1, ordering: .relaxed).newValue
  }

  /// The ids of the screens, bottom first.
  public var elementIDs: [StackElementID] { ids }

  /// The screen with `id`, or `nil` if it is not on the stack.
  ///
  /// Setting a screen for an id that is not on the stack pushes it under that id; setting `nil`
  /// removes only that screen (use ``pop(from:)`` to pop everything above it too).
  ///
  /// ```swift
  /// state.path[id: 5] = .detail(Detail.State())   // pushed as #5
  /// state.path[id: 5] = nil                        // removed; the screens below stay
  /// ```
  public subscript(id id: StackElementID) -> Element? {
    get { index(of: id).map { elements[$0] } }
    set {
      switch (index(of: id), newValue) {
      case (let index?, let newValue?):
        elements[index] = newValue
      case (let index?, nil):
        ids.remove(at: index)
        elements.remove(at: index)
      case (nil, let newValue?):
        ids.append(id)
        elements.append(newValue)
        // Later pushes must not reuse the id.
        nextID = Swift.max(nextID, id.rawValue + 1)
      case (nil, nil):
        break
      }
    }
  }

  /// The screen with `id` if it is in the case `casePath`, for reading or changing one case of a
  /// path enum: `state.path[id: 0, case: \.detail]?.title = "하루"`.
  ///
  /// Setting `nil` removes the screen if it is in that case, as TCA does; reading a screen in
  /// another case gives `nil`; setting a value replaces the screen with `id` only if it is on the
  /// stack.
  public subscript<Case: SendableMetatype>(
    id id: StackElementID, case casePath: CaseKeyPath<Element, Case>
  ) -> Case? where Element: CasePathable & SendableMetatype {
    get { self[id: id].flatMap(AnyCasePath(casePath).extract(from:)) }
    set {
      guard let index = index(of: id) else { return }
      let casePath = AnyCasePath(casePath)
      if let newValue {
        elements[index] = casePath.embed(newValue)
      } else if casePath.extract(from: elements[index]) != nil {
        // `nil` removes the screen, as TCA does; a screen in another case is not this one.
        ids.remove(at: index)
        elements.remove(at: index)
      }
    }
  }

  /// Pushes `element` on top; returns its id.
  @discardableResult
  public mutating func push(_ element: Element) -> StackElementID {
    append(element)
    return ids[ids.count - 1]
  }

  /// Pops the screen with `id` and every screen above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = index(of: id) else { return }
    removeSubrange(index...)
  }

  /// Pops every screen above the one with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = index(of: id) else { return }
    removeSubrange((index + 1)...)
  }

  /// Pushes `element` under a given id, as a `.push(id:state:)` action asks; `false` when the
  /// id is not greater than every id on the stack, which keeps ids in push order.
  mutating func push(_ element: Element, id: StackElementID) -> Bool {
    if let newest = ids.max(), id <= newest { return false }
    ids.append(id)
    elements.append(element)
    nextID = Swift.max(nextID, id.rawValue + 1)
    return true
  }

  func index(of id: StackElementID) -> Int? {
    // Screens near the top are the ones acted on, so search from there.
    ids.lastIndex(of: id)
  }
}

private let stackIdentityCounter = Atomic<Int>(0)

extension StackState: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public var startIndex: Int { elements.startIndex }
  public var endIndex: Int { elements.endIndex }

  public subscript(position: Int) -> Element {
    get { elements[position] }
    _modify { yield &elements[position] }
  }

  /// Creates an empty stack.
  public init() { self.init([Element]()) }

  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Element {
    let newIDs = (0..<newElements.count).map { StackElementID(rawValue: nextID + $0) }
    nextID += newElements.count
    ids.replaceSubrange(subrange, with: newIDs)
    elements.replaceSubrange(subrange, with: newElements)
  }

  /// Pops every screen. Ids keep counting, and the stack reducer still knows the screens it
  /// saw, so it cancels their effects even when another reducer emptied the stack (the standard
  /// library's version would make a new stack, which knows neither).
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    ids.removeAll(keepingCapacity: keepCapacity)
    elements.removeAll(keepingCapacity: keepCapacity)
  }

  /// Removes the screens that match, each remaining screen keeping its id (the standard
  /// library's version moves elements without their ids).
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var keptIDs: [StackElementID] = []
    var keptElements: [Element] = []
    for (id, element) in zip(ids, elements) where try !shouldBeRemoved(element) {
      keptIDs.append(id)
      keptElements.append(element)
    }
    ids = keptIDs
    elements = keptElements
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    hasher.combine(elements)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomReflectable {
  // Dumps and diffs list the screens by id, which is what tests name.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: zip(ids, elements).map { (label: $0.0.description, value: $0.1 as Any) },
      displayStyle: .struct)
  }
}

extension StackState: CustomDebugStringConvertible {
  public var debugDescription: String {
    "StackState(" + zip(ids, elements).map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")"
  }
}
