import CommonKit

/// The answer to a question a screen asks before doing something that cannot be undone (deleting
/// a message): `y` (or `yes`) goes ahead; `n`, `no`, an empty line or Escape does not.
///
/// ```swift
/// if state.deleting != nil {
///   return YesOrNo(input).map { $0 == .yes ? .view(.deleteConfirmed) : .view(.deleteCancelled) }
/// }
/// Component.menu(YesOrNo.menu(yes: "Delete it", no: "Keep it"))   // [y] Delete it  [n] Keep it
/// ```
public enum YesOrNo: Equatable, Sendable {
  /// Go ahead.
  case yes
  /// Leave things as they are.
  case no

  /// The answer `input` gives, or `nil` when it gives none (the question stays).
  public init?(_ input: InputEvent) {
    switch input {
    case .key(.escape): self = .no
    case .line(let text):
      switch text.trimmingWhitespace().lowercased() {
      case "y", "yes": self = .yes
      case "", "n", "no": self = .no
      default: return nil
      }
    default: return nil
    }
  }

  /// The menu of the question: `y` for `yes`, `n` for `no`.
  public static func menu(yes: String, no: String) -> [MenuCommand] {
    [MenuCommand("y", yes), MenuCommand("n", no)]
  }
}
