import CommonKit

extension ProfileFeature {
  /// The profile being edited: the new values, checked against ``AccountRules`` as they change.
  public struct Editor: Equatable, Sendable {
    /// The display name to save.
    public var displayName: String
    /// The status message to save.
    public var statusMessage: String

    /// An editor starting from the current values.
    public init(displayName: String, statusMessage: String) {
      self.displayName = displayName
      self.statusMessage = statusMessage
    }

    /// What is wrong with the values, if anything, in one message.
    public var problem: String? {
      if let problem = AccountRules.validateDisplayName(displayName).problem {
        return "Display name: \(problem.message)"
      }
      if let problem = AccountRules.validateStatusMessage(statusMessage).problem {
        return "Status message: \(problem.message)"
      }
      return nil
    }
  }
}
