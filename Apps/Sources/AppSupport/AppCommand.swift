import CommonKit
import Foundation

/// What the command line asks for: run the app, or print help or the version.
public enum AppCommand: Sendable, Equatable {
  /// Run with these options.
  case run(AppOptions)
  /// `--help`.
  case help
  /// `--version`.
  case version
}

/// How to run an app: where the backend is, where data lives, how to draw.
public struct AppOptions: Sendable, Equatable {
  /// A `fromm-server` to talk HTTP to, or `nil` for the embedded backend.
  public var server: URL?
  /// The data folder: the embedded backend's database and the apps' session files.
  public var dataDirectory: URL
  /// Whether to force plain mode (no colors, no redraws) even on a terminal.
  public var plain: Bool
  /// Whether news stays silent: no bell and no unread count in the terminal's title.
  public var quiet: Bool
  /// The account whose saved session to use (`--user NAME`); `nil` lets the mode decide.
  public var user: String?

  /// Options as given.
  public init(
    server: URL? = nil, dataDirectory: URL, plain: Bool = false, quiet: Bool = false, user: String? = nil
  ) {
    self.server = server
    self.dataDirectory = dataDirectory
    self.plain = plain
    self.quiet = quiet
    self.user = user
  }

  /// Reads the command line (without the program name) and the environment.
  ///
  /// ```swift
  /// try AppOptions.parse(["--server", "http://127.0.0.1:8080", "--plain"], environment: ["HOME": "/home/iu"])
  /// // .run(AppOptions(server: http://127.0.0.1:8080, dataDirectory: /home/iu/.local/share/fromm, plain: true))
  /// ```
  ///
  /// `--help` and `--version` win over everything else. Options may be written `--data DIR` or
  /// `--data=DIR`; each may be given once. A `--` (which `swift run fan -- --data DIR` passes
  /// on) is accepted and ignored.
  ///
  /// - Throws: ``OptionsError`` naming the problem: an unknown option, a missing or empty value,
  ///   a server URL that is not `http(s)://host…`, a `--user` that is not a username, an option
  ///   given twice, no home folder.
  public static func parse(
    _ arguments: [String], environment: [String: String],
    currentDirectory: String = FileManager.default
      .currentDirectoryPath
  ) throws(OptionsError) -> AppCommand {
    let line: CommandLineOptions
    do {
      line = try CommandLineOptions.parse(
        arguments, valued: ["--server", "--data", "--user"], flags: ["--plain", "--quiet"])
    } catch {
      switch error {
      case .unknownOption(let name, _): throw .unknownOption(name)
      case .unexpectedArgument(let argument): throw .unexpectedArgument(argument)
      case .missingValue(let name): throw .missingValue(name)
      case .unexpectedValue(let name): throw .unexpectedValue(name)
      }
    }
    switch line.request {
    case .help: return .help
    case .version: return .version
    case nil: break
    }
    var values: [String: String] = [:]
    for option in line.options {
      guard values.updateValue(option.value ?? "", forKey: option.name) == nil else {
        throw .repeated(option.name)
      }
    }
    let dataDirectory: URL
    if let data = values["--data"] {
      dataDirectory = resolve(data, against: currentDirectory)
    } else {
      dataDirectory = try defaultDataDirectory(environment: environment, currentDirectory: currentDirectory)
    }
    return .run(
      AppOptions(
        server: try values["--server"].map(serverURL), dataDirectory: dataDirectory,
        plain: values["--plain"] != nil, quiet: values["--quiet"] != nil,
        user: try values["--user"].map(username)))
  }

  /// The data folder when `--data` is not given: `$FROMM_DATA`, else
  /// `${XDG_DATA_HOME:-$HOME/.local/share}/fromm`.
  public static func defaultDataDirectory(
    environment: [String: String], currentDirectory: String = FileManager.default.currentDirectoryPath
  ) throws(OptionsError) -> URL {
    if let folder = environment["FROMM_DATA"], !folder.isEmpty {
      return resolve(folder, against: currentDirectory)
    }
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return URL(fileURLWithPath: dataHome).appendingPathComponent("fromm", isDirectory: true)
    }
    guard let home = environment["HOME"], !home.isEmpty else { throw .noHome }
    return URL(fileURLWithPath: home).appendingPathComponent(".local/share/fromm", isDirectory: true)
  }

  private static func serverURL(_ text: String) throws(OptionsError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      let host = url.host, !host.isEmpty
    else { throw .invalidServer(text) }
    return url
  }

  private static func username(_ text: String) throws(OptionsError) -> String {
    let name = text.trimmingWhitespace()
    if case .invalid(let problem) = AccountRules.validateUsername(name) {
      throw .invalidUser(text, problem.message)
    }
    return name
  }

  private static func resolve(_ path: String, against directory: String) -> URL {
    let expanded = path == "~" || path.hasPrefix("~/") ? NSString(string: path).expandingTildeInPath : path
    let url =
      expanded.hasPrefix("/")
      ? URL(fileURLWithPath: expanded)
      : URL(fileURLWithPath: directory).appendingPathComponent(expanded)
    return url.standardizedFileURL
  }
}
