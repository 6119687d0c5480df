import CommonKit

extension SignInUsernameFeature {
  /// Where the typed username stands: what the text alone says, then what the server said.
  public enum InputState: Equatable, Sendable {
    /// Nothing typed yet.
    case empty
    /// The text breaks ``AccountRules`` (characters or length), so the server is not asked.
    case invalid(UsernameProblem)
    /// The text is well formed; the existence check is waiting or in flight.
    case checking
    /// The server knows no account by this name.
    case notFound
    /// Creating an account: another account has this name already.
    case taken
    /// The check itself failed (network, server); the message says why.
    case checkFailed(String)
    /// The account exists (or, creating one, the name is free): the artist may go on to the
    /// password.
    case ok

    /// The state the text alone decides: empty, invalid, or ``checking`` for a well-formed name.
    public init(text: String) {
      switch AccountRules.validateUsername(text) {
      case .valid: self = .checking
      case .invalid(.empty): self = .empty
      case .invalid(let problem): self = .invalid(problem)
      }
    }
  }
}
