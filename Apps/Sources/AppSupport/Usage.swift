extension AppDescription {
  /// The text `--help` prints.
  public func usage(defaultDataDirectory: String) -> String {
    var text = """
      Usage: \(name) [--server URL] [--data DIR] [--user NAME] [--plain] [--quiet]
             \(name) --help | --version

      \(summary)

      With no --server, \(name) runs the fromm backend inside the app, keeping its data in the data
      folder, so the fan and arti apps in two terminals share one world without a server.

      Options:
        --server URL  Talk HTTP to a running fromm-server instead, e.g. http://127.0.0.1:8080
                      (start one with: swift run --package-path Packages/DevServer fromm-server).
        --data DIR    The data folder: the embedded database and the saved sessions (\(sessionFolderName)/,
                      one per account). Default: $FROMM_DATA, else ${XDG_DATA_HOME:-$HOME/.local/share}/fromm
                      (here: \(defaultDataDirectory)).
        --user NAME   Resume NAME's saved session (at a terminal, NAME's password is asked when none is saved).
                      Without it, a terminal resumes the account used last and a script signs in
                      from its input; a script that names a session not saved stops with status 1.
        --plain       No colors or redraws, one line at a time (automatic when input is not a terminal).
        --quiet       No bell and no unread count in the terminal's title when news arrives in a room
                      that is not open.
        --help        Show this help.
        --version     Show the version.

      """
    if !helpFooter.isEmpty { text += "\n" + helpFooter + "\n" }
    return text
  }
}
