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
  var ids: [StackElementID]
  var elements: [Element]
  var nextID: Int
  /// Tells this stack's effects apart from those of another stack with the same ids.
  let stackIdentity: Int

  /// Creates a stack holding `elements`, bottom first.
  public init(_ elements: some Sequence<Element>) {
    self.elements = Array(elements)
    self.ids = self.elements.indices.map { StackElementID(rawValue: $0) }
    self.nextID = self.elements.count
    self.stackIdentity = stackIdentityCounter.add(1, ordering: .relaxed).newValue
  }

  /// The ids of the screens, bottom first.
  public var elementIDs: [StackElementID] { ids }

  /// The screen with `id`, or `nil` if it is not on the stack; setting `nil` pops it and
  /// everything above it.
  public subscript(id id: StackElementID) -> Element? {
    get { index(of: id).map { elements[$0] } }
    set {
      guard let index = index(of: id) else { return }
      if let newValue {
        elements[index] = newValue
      } else {
        removeSubrange(index...)
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
  /// id is already used or older than the stack's newest.
  mutating func push(_ element: Element, id: StackElementID) -> Bool {
    guard id.rawValue >= nextID else { return false }
    ids.append(id)
    elements.append(element)
    nextID = id.rawValue + 1
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
