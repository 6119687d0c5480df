/// A command line read the way the project's executables (`fan`, `arti`, `fromm-server`) read
/// one, so that they agree on the spelling of options; each gives the values their meaning and
/// its errors their wording.
///
/// `--help` (or `-h`) and `--version` anywhere win over everything else. An option takes its
/// value as `--name value` or `--name=value`, and the value may be neither empty nor start with
/// `--`; a flag takes none. A `--` (which `swift run fan -- --data DIR` passes on) ends nothing and
/// is ignored.
///
/// ```swift
/// let line = try CommandLineOptions.parse(
///   ["--port=9000", "--", "--demo"], valued: ["--port", "--data"], flags: ["--demo"])
/// // line.options: --port 9000, --demo
/// ```
public struct CommandLineOptions: Sendable, Equatable {
  /// An option as given, in command-line order.
  public struct Option: Sendable, Equatable {
    /// The option's name, with its dashes (`--port`).
    public var name: String
    /// Its value; `nil` for a flag.
    public var value: String?

    /// An option named `name` with `value`.
    public init(name: String, value: String? = nil) {
      self.name = name
      self.value = value
    }
  }

  /// Why a command line cannot be read.
  public enum Problem: Error, Sendable, Equatable {
    /// An option neither `valued` nor `flags` names: its name and the whole word (`--colour=red`).
    case unknownOption(name: String, argument: String)
    /// A word that is not an option.
    case unexpectedArgument(String)
    /// An option that takes a value got none, or an empty one.
    case missingValue(String)
    /// A flag was given a value (`--plain=yes`).
    case unexpectedValue(String)
  }

  /// What the command line asks for besides running.
  public enum Request: Sendable, Equatable {
    /// `--help` or `-h`.
    case help
    /// `--version`.
    case version
  }

  /// `--help` or `--version` when either is given (help first); the options are then not read.
  public var request: Request?
  /// The options, in the order given.
  public var options: [Option]

  /// A command line asking for `request`, or to run with `options`.
  public init(request: Request?, options: [Option]) {
    self.request = request
    self.options = options
  }

  /// Reads `arguments` (without the program name): `valued` names the options that take a value,
  /// `flags` those that take none.
  ///
  /// - Throws: ``Problem`` for the first word that cannot be read.
  public static func parse(
    _ arguments: [String], valued: Set<String>, flags: Set<String>
  ) throws(Problem) -> CommandLineOptions {
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
      return .init(request: .help, options: [])
    }
    if arguments.contains("--version") { return .init(request: .version, options: []) }
    var options: [Option] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" { continue }
      let (name, inlineValue) = split(argument)
      guard name.hasPrefix("-") else { throw .unexpectedArgument(argument) }
      if flags.contains(name) {
        guard inlineValue == nil else { throw .unexpectedValue(name) }
        options.append(Option(name: name))
        continue
      }
      guard valued.contains(name) else { throw .unknownOption(name: name, argument: argument) }
      var value = inlineValue
      if value == nil, let next = remaining.first, !next.hasPrefix("--") {
        value = remaining.popFirst()
      }
      guard let value, !value.isEmpty else { throw .missingValue(name) }
      options.append(Option(name: name, value: value))
    }
    return .init(request: nil, options: options)
  }

  /// `--name=value` → (`--name`, `value`); any other word → (word, `nil`).
  private static func split(_ argument: String) -> (name: String, value: String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
