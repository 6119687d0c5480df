/// The actions of a navigation stack, as its parent sees them.
///
/// A parent's action enum holds `case path(StackAction<Path.State, Path.Action>)`.
public enum StackAction<State: Sendable, Action: Sendable>: Sendable {
  /// An action of the screen with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the screen with `id` and everything above it (a back button, or ``DismissEffect``).
  case popFrom(id: StackElementID)
  /// Pushes `state` under `id`, the next id of the stack.
  case push(id: StackElementID, state: State)
}

/// The ``StackAction`` of a reducer's screens: `StackActionOf<Path>`.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action> where R.State: Sendable

extension StackAction: CasePathable {
  /// Case paths into a stack action: `\.path[id: 0].detail`, `\.path.popFrom`.
  public struct AllCasePaths: Sendable {
    /// The `element` case, as an `(id, action)` pair.
    public var element: AnyCasePath<StackAction, (id: StackElementID, action: Action)> {
      AnyCasePath(embed: { .element(id: $0.id, action: $0.action) }) {
        if case .element(let id, let action) = $0 { (id, action) } else { nil }
      }
    }

    /// The action of the screen with `id`.
    public subscript(id id: StackElementID) -> AnyCasePath<StackAction, Action> {
      AnyCasePath(embed: { .element(id: id, action: $0) }) {
        if case .element(let elementID, let action) = $0, elementID == id { action } else { nil }
      }
    }

    /// The `popFrom` case.
    public var popFrom: AnyCasePath<StackAction, StackElementID> {
      AnyCasePath(embed: { .popFrom(id: $0) }) {
        if case .popFrom(let id) = $0 { id } else { nil }
      }
    }

    /// The `push` case, as an `(id, state)` pair.
    public var push: AnyCasePath<StackAction, (id: StackElementID, state: State)> {
      AnyCasePath(embed: { .push(id: $0.id, state: $0.state) }) {
        if case .push(let id, let state) = $0 { (id, state) } else { nil }
      }
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
