/// Which saved session a launch resumes, and what to tell the person who launched it.
///
/// Sessions are saved per account. At a terminal the app resumes the account used last, or the
/// one `--user NAME` names (signing in as NAME when none is saved). A script (plain mode) never
/// resumes a session it did not ask for: its input signs in, unless `--user NAME` names a saved
/// session, and a missing one stops the app before it reads any input, so nothing the script
/// types is ever sent as another account.
struct SessionChoice: Equatable, Sendable {
  /// The account whose saved session to resume; `nil` starts signed out.
  var account: String?
  /// A line for standard error saying what was not resumed and how to ask for it.
  var notice: String?

  /// Decides for `app`, given `--user`, whether the app runs at a terminal, and the accounts
  /// with a saved session, newest first.
  ///
  /// - Throws: ``StartupError`` when a script asks for a session that is not saved.
  static func decide(
    user: String?, interactive: Bool, saved: [String], app: String, dataDirectory: String
  ) throws(StartupError) -> SessionChoice {
    if let user {
      if !interactive, !saved.contains(user) {
        throw StartupError(
          "No session is saved for \(user) in '\(dataDirectory)'. Sign in from the script instead "
            + "(leave out --user), or sign in once at a terminal with: \(app) --user \(user)")
      }
      return SessionChoice(account: user)
    }
    if interactive { return SessionChoice(account: saved.first) }
    guard !saved.isEmpty else { return SessionChoice(account: nil) }
    let names = saved.sorted().joined(separator: ", ")
    return SessionChoice(
      account: nil,
      notice:
        "\(app): plain mode signs in from its input and does not resume the saved session of \(names); "
        + "pass --user NAME to resume one.")
  }
}
