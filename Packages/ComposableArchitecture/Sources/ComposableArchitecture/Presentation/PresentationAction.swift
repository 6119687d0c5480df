/// The actions of a presented feature, as its parent sees them.
///
/// A parent's action enum holds `case destination(PresentationAction<Destination.Action>)`:
/// `.presented` wraps the child's own actions, `.dismiss` closes it (sent by the view, or by the
/// child itself through ``DismissEffect``).
public enum PresentationAction<Action: Sendable>: Sendable {
  /// An action of the presented child.
  case presented(Action)
  /// Closes the presented child and cancels its effects.
  case dismiss
}

extension PresentationAction: CasePathable {
  /// Case paths to `presented` and `dismiss`, so tests can write `\.destination.presented.edit`.
  public struct AllCasePaths: Sendable {
    /// The `presented` case.
    public var presented: AnyCasePath<PresentationAction, Action> {
      AnyCasePath(embed: { .presented($0) }) {
        if case .presented(let action) = $0 { action } else { nil }
      }
    }

    /// The `dismiss` case.
    public var dismiss: AnyCasePath<PresentationAction, Void> {
      AnyCasePath(embed: { .dismiss }) { if case .dismiss = $0 { () } else { nil } }
    }
  }

  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
