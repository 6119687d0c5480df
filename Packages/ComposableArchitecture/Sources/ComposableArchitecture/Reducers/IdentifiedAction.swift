/// An action for one element of a collection of features: `.element(id: 3, action: .tapped)`.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable, CasePathable {
  /// An action for the element with `id`.
  case element(id: ID, action: Action)

  /// The case paths of an identified action: `\.element`.
  public struct AllCasePaths: Sendable {
    /// The `element` case, as an `(id, action)` pair.
    public var element: AnyCasePath<IdentifiedAction, (id: ID, action: Action)> {
      AnyCasePath(embed: { .element(id: $0.id, action: $0.action) }) {
        switch $0 {
        case .element(let id, let action): (id, action)
        }
      }
    }

    /// The action for the element with `id`: `\.rows[id: 3]`.
    public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
      AnyCasePath(embed: { .element(id: id, action: $0) }) {
        switch $0 {
        case .element(let elementID, let action): elementID == id ? action : nil
        }
      }
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}

/// An ``IdentifiedAction`` for a reducer's elements: `IdentifiedActionOf<Row>`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
