/// Exactly three values: a row of the board, or the board's three rows.
public struct Three<Element> {
  /// The value at offset 0.
  public var first: Element
  /// The value at offset 1.
  public var second: Element
  /// The value at offset 2.
  public var third: Element

  /// Creates the three values in order.
  public init(_ first: Element, _ second: Element, _ third: Element) {
    self.first = first
    self.second = second
    self.third = third
  }

  /// The three values, each transformed.
  public func map<T>(_ transform: (Element) throws -> T) rethrows -> Three<T> {
    Three<T>(try transform(first), try transform(second), try transform(third))
  }
}

extension Three: MutableCollection, RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { 3 }
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }

  public subscript(position: Int) -> Element {
    get {
      switch position {
      case 0: first
      case 1: second
      case 2: third
      default: preconditionFailure("Three has no element at \(position); its indices are 0, 1 and 2")
      }
    }
    set {
      switch position {
      case 0: first = newValue
      case 1: second = newValue
      case 2: third = newValue
      default: preconditionFailure("Three has no element at \(position); its indices are 0, 1 and 2")
      }
    }
  }
}

extension Three: Equatable where Element: Equatable {}
extension Three: Hashable where Element: Hashable {}
extension Three: Sendable where Element: Sendable {}
