/// The outcome of checking a value against a rule.
public enum Validation<Problem: Equatable & Sendable>: Equatable, Sendable {
  /// The value follows the rule.
  case valid
  /// The value breaks the rule, for this reason.
  case invalid(Problem)

  /// Whether the value follows the rule.
  public var isValid: Bool {
    if case .valid = self { return true }
    return false
  }

  /// The reason the value was refused, if it was.
  public var problem: Problem? {
    if case .invalid(let problem) = self { return problem }
    return nil
  }
}
