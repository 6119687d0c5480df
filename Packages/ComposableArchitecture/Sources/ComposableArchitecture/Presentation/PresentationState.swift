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
  // Boxed, so that a feature can present itself (`@PresentationState var child: State?` inside
  // `State`) without its state becoming a value of infinite size. Copied on write.
  private var box: PresentationBox<State>
  var presentationID: PresentationID
  /// The presentation whose effects may still be running, as the presentation reducer last saw
  /// it: another reducer may have dismissed or replaced the child since, which the presentation
  /// reducer notices on its next action and cancels the old effects.
  var mountedID: PresentationID = .none

  /// Creates the wrapper; non-`nil` starts a presentation.
  public init(wrappedValue: State?) {
    self.box = PresentationBox(wrappedValue)
    self.presentationID = wrappedValue == nil ? .none : .next()
  }

  /// The presented state, changed in place without starting a new presentation.
  var storage: State? {
    get { box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = PresentationBox(box.value) }
      yield &box.value
    }
    set {
      if isKnownUniquelyReferenced(&box) { box.value = newValue } else { box = PresentationBox(newValue) }
    }
  }

  /// The identity of what is presented now; `.none` when nothing is.
  var currentID: PresentationID { box.value == nil ? .none : presentationID }

  /// The presented child state, or `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { box.value }
    set {
      if Self.startsNewPresentation(from: box.value, to: newValue) { presentationID = .next() }
      storage = newValue
    }
  }

  /// The wrapper itself, for `ifLet(\.$destination, …)`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// The presented state if it is in the case `casePath` of a destination enum, for reading or
  /// changing that case only: `$0.$destination[case: \.edit]?.title = "하루"`.
  ///
  /// Setting a value while another case (or nothing) is presented does nothing; setting `nil`
  /// while that case is presented dismisses it.
  public subscript<Case: SendableMetatype>(case casePath: CaseKeyPath<State, Case>) -> Case?
  where State: CasePathable & SendableMetatype {
    get { box.value.flatMap(AnyCasePath(casePath).extract(from:)) }
    set {
      let path = AnyCasePath(casePath)
      guard let presented = box.value, path.extract(from: presented) != nil else { return }
      wrappedValue = newValue.map(path.embed)
    }
  }

  /// A new value is a new presentation when nothing was shown, or when a different case of a
  /// destination enum (or a different identity) replaces the old one.
  static func startsNewPresentation(from old: State?, to new: State?) -> Bool {
    guard let old, let new else { return old == nil && new != nil }
    return NavigationIdentity(of: old) != NavigationIdentity(of: new)
  }
}

/// The storage of a ``PresentationState``.
final class PresentationBox<Value> {
  var value: Value?
  init(_ value: Value?) { self.value = value }
}

// Sendable as a value: `PresentationState` copies the box before writing to a shared one.
extension PresentationBox: @unchecked Sendable where Value: Sendable {}

/// What tells one presented child (or one `ifLet` child) from the next: its `id` when it is
/// `Identifiable`, and its case when it is an enum. A child whose identity changes is a new
/// child, and the effects of the old one are cancelled.
struct NavigationIdentity: Hashable, @unchecked Sendable {
  // Sendable: built from the ids of `Identifiable` values and case names, compared only.
  let id: AnyHashable?
  let caseName: String?

  init(of value: Any) {
    self.caseName = enumCaseName(of: value)
    // A destination enum's case tells its children apart by their ids too (an alert replaced by
    // another alert), as TCA's navigation ids do.
    let identifiable =
      value as? any Identifiable
      ?? (caseName == nil ? nil : Mirror(reflecting: value).children.first?.value as? any Identifiable)
    self.id = identifiable.map(identifier(of:))
  }
}

/// The `id` of an `Identifiable` value, type-erased.
func identifier(of value: any Identifiable) -> AnyHashable {
  func open<T: Identifiable>(_ value: T) -> AnyHashable { AnyHashable(value.id) }
  return open(value)
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
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.storage == rhs.storage
  }
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
