/// A command line the app cannot run with; ``message`` says what to change.
public enum OptionsError: Error, Sendable, Equatable, CustomStringConvertible {
  /// An option the app does not know.
  case unknownOption(String)
  /// A word that is not an option (the apps take no positional arguments).
  case unexpectedArgument(String)
  /// An option that needs a value got none (or an empty one).
  case missingValue(String)
  /// A flag was given a value (`--plain=yes`).
  case unexpectedValue(String)
  /// An option was given twice.
  case repeated(String)
  /// `--server` is not an `http://` or `https://` URL with a host.
  case invalidServer(String)
  /// `--user` is not a username the apps accept; the second value says why.
  case invalidUser(String, String)
  /// Neither `--data`, `FROMM_DATA`, `XDG_DATA_HOME` nor `HOME` says where the data folder is.
  case noHome

  /// One sentence saying what is wrong and what to do.
  public var message: String {
    switch self {
    case .unknownOption(let name):
      "Unknown option '\(name)'. The options are --server URL, --data DIR, --user NAME, --plain, --quiet, --help and --version."
    case .unexpectedArgument(let argument):
      "Unexpected argument '\(argument)'. The app takes only options, such as --data DIR."
    case .missingValue(let name):
      switch name {
      case "--server": "--server needs a URL, such as --server http://127.0.0.1:8080."
      case "--user": "--user needs a username, such as --user demo_fan."
      default: "--data needs a folder, such as --data ~/fromm-data."
      }
    case .unexpectedValue(let name):
      "\(name) takes no value."
    case .repeated(let name):
      "\(name) is given twice; give it once."
    case .invalidServer(let text):
      "'\(text)' is not a server URL; use http://host:port, such as http://127.0.0.1:8080."
    case .invalidUser(let text, let problem):
      "--user '\(text)' is not a username: \(problem) Give the username of an account, such as --user demo_fan."
    case .noHome:
      "There is no home folder to keep data in (HOME is not set). Pass --data DIR or set FROMM_DATA."
    }
  }

  public var description: String { message }
}
