import Synchronization

/// The state of a feature presented by its parent: a sheet, a pushed detail in a tree, an alert.
///
/// Wrap the optional child state, then integrate the child with
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)`` using the projected value:
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var destination: Destination.State?
/// }
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in … }
///     .ifLet(\.$destination, action: \.destination) { Destination() }
/// }
/// ```
///
/// Each presentation gets an identity, so that when the child is dismissed or replaced by another
/// one, the effects it started are cancelled. Equality compares only the presented value.
@propertyWrapper
public struct PresentationState<State> {
  var storage: State?
  var presentationID: PresentationID

  /// Creates the wrapper; non-`nil` starts a presentation.
  public init(wrappedValue: State?) {
    self.storage = wrappedValue
    self.presentationID = wrappedValue == nil ? .none : .next()
  }

  /// The presented child state, or `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { storage }
    set {
      if Self.startsNewPresentation(from: storage, to: newValue) { presentationID = .next() }
      storage = newValue
    }
  }

  /// The wrapper itself, for `ifLet(\.$destination, …)`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A new value is a new presentation when nothing was shown, or when a different case of a
  /// destination enum (or a different identity) replaces the old one.
  static func startsNewPresentation(from old: State?, to new: State?) -> Bool {
    guard let old, let new else { return old == nil && new != nil }
    if let old = old as? any Identifiable, let new = new as? any Identifiable,
      !sameIdentity(old, new)
    {
      return true
    }
    return enumCaseName(of: old) != enumCaseName(of: new)
  }
}

private func sameIdentity(_ lhs: any Identifiable, _ rhs: any Identifiable) -> Bool {
  func open<T: Identifiable>(_ lhs: T) -> Bool {
    guard let rhs = rhs as? T else { return false }
    return lhs.id == rhs.id
  }
  return open(lhs)
}

/// The case name of an enum value (`nil` for other values), to tell destinations apart.
func enumCaseName(of value: Any) -> String? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return nil }
  return mirror.children.first?.label ?? String(describing: value)
}

/// The identity of one presentation; unique in the process.
struct PresentationID: Hashable, Sendable {
  private static let counter = Atomic<Int>(0)
  let rawValue: Int

  static let none = PresentationID(rawValue: 0)

  static func next() -> PresentationID {
    PresentationID(rawValue: counter.add(1, ordering: .relaxed).newValue)
  }
}

extension PresentationState: Equatable where State: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage == rhs.storage }
}

extension PresentationState: Hashable where State: Hashable {
  public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension PresentationState: Encodable where State: Encodable {
  public func encode(to encoder: any Encoder) throws { try storage.encode(to: encoder) }
}

extension PresentationState: CustomReflectable {
  // Dumps and diffs show the presented value, not the wrapper's bookkeeping.
  public var customMirror: Mirror { Mirror(reflecting: storage as Any) }
}
