import CommonKit
import Foundation

/// What `fromm-server`'s command line (see ``usage``) and environment ask for: `FROMM_PORT`,
/// `FROMM_DATA` and `FROMM_HOST` set the same values, the command line wins, and data lives in the
/// user's data folder without either, never in the working directory.
package struct ServerOptions: Equatable, Sendable {
  package enum Command: Equatable, Sendable {
    case serve
    case help
    case version
  }

  /// The server's version, printed by `--version`.
  package static let version = "0.2.0"

  package static let usage = """
    usage: fromm-server [--port N] [--data DIR] [--host ADDRESS] [--durability full|normal]
                        [--max-per-address N] [--trusted-proxy ADDRESS] [--demo]
           fromm-server --help | --version
      --port N        TCP port (default 8080; 0 picks a free one)        env FROMM_PORT
      --data DIR      data folder holding fromm.sqlite                   env FROMM_DATA
                      (default: the user's data folder, see --help)
      --host ADDRESS  address to bind: 127.0.0.1 (default), ::1,         env FROMM_HOST
                      localhost, or 0.0.0.0 / :: to accept other machines
      --durability D  normal (default): a stored post survives a crash of
                      the server; full: a power loss too, at a lower post rate
      --max-per-address N   connections one client address may hold (default 1024)
      --trusted-proxy ADDRESS  a reverse proxy whose X-Forwarded-For names the
                      client; it has no per-address limit
      --demo          seed the demo data into an empty database even if
                      the folder was set up before (a new folder gets it anyway)
    Options may also be written --port=8080.
    """

  package var command = Command.serve
  package var port: UInt16 = 8080
  package var host = "127.0.0.1"
  package var dataDirectory: URL
  /// Seed the demo data into an empty database of a folder that was set up before.
  package var demo = false
  /// How far a commit goes before a post is answered.
  package var durability = DevBackend.Durability.normal
  /// Connections one client address may hold; `nil` keeps the server's default.
  package var maxPerAddress: Int?
  /// A reverse proxy's address, whose `X-Forwarded-For` is believed.
  package var trustedProxy: String?

  /// Reads `arguments` (without the program name) over `environment`.
  ///
  /// - Throws: ``ServerOptionsError`` naming the option and what it needs.
  package static func parse(
    _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ServerOptionsError) -> ServerOptions {
    var options = ServerOptions(dataDirectory: defaultDataDirectory(environment))
    if let value = environment["FROMM_PORT"] { options.port = try port(value, from: "FROMM_PORT") }
    if let value = environment["FROMM_DATA"], !value.isEmpty {
      options.dataDirectory = URL(fileURLWithPath: value)
    }
    if let value = environment["FROMM_HOST"], !value.isEmpty { options.host = value }
    let line: CommandLineOptions
    do {
      line = try CommandLineOptions.parse(
        arguments,
        valued: ["--port", "--data", "--host", "--durability", "--max-per-address", "--trusted-proxy"],
        flags: ["--demo"])
    } catch {
      switch error {
      case .unknownOption(_, let argument), .unexpectedArgument(let argument):
        throw ServerOptionsError(message: "unknown argument '\(argument)'")
      case .missingValue(let name): throw ServerOptionsError(message: "\(name) needs a value")
      case .unexpectedValue(let name): throw ServerOptionsError(message: "\(name) takes no value")
      }
    }
    if let request = line.request {
      return ServerOptions(command: request == .help ? .help : .version, dataDirectory: options.dataDirectory)
    }
    for option in line.options {
      let (name, value) = (option.name, option.value ?? "")
      switch name {
      case "--demo": options.demo = true
      case "--port": options.port = try port(value, from: name)
      case "--data": options.dataDirectory = URL(fileURLWithPath: value)
      case "--durability":
        guard let durability = DevBackend.Durability(rawValue: value) else {
          throw ServerOptionsError(message: "--durability needs full or normal, got '\(value.prefix(20))'")
        }
        options.durability = durability
      case "--max-per-address":
        guard let count = Int(value), count > 0 else {
          throw ServerOptionsError(
            message: "--max-per-address needs a positive number, got '\(value.prefix(20))'")
        }
        options.maxPerAddress = count
      case "--trusted-proxy": options.trustedProxy = value
      default: options.host = value
      }
    }
    return options
  }

  private static func port(_ text: String, from source: String) throws(ServerOptionsError) -> UInt16 {
    guard let port = UInt16(text) else {
      throw ServerOptionsError(message: "\(source) needs a port number 0–65535, got '\(text.prefix(20))'")
    }
    return port
  }

  /// `$XDG_DATA_HOME/fromm-server` or `~/.local/share/fromm-server` on Linux,
  /// `~/Library/Application Support/fromm-server` on Apple platforms (`applePlatform`, a
  /// parameter so that both layouts are tested on Linux).
  package static func defaultDataDirectory(
    _ environment: [String: String], applePlatform: Bool = isApplePlatform
  ) -> URL {
    let home =
      environment["HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    if applePlatform { return home.appendingPathComponent("Library/Application Support/fromm-server") }
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return URL(fileURLWithPath: dataHome).appendingPathComponent("fromm-server")
    }
    return home.appendingPathComponent(".local/share/fromm-server")
  }

  /// Whether this build is for an Apple platform, whose data folders live in
  /// `~/Library/Application Support`.
  package static var isApplePlatform: Bool {
    #if canImport(Darwin)
    true
    #else
    false
    #endif
  }
}

/// A command line or environment `fromm-server` cannot use.
package struct ServerOptionsError: Error, Equatable, CustomStringConvertible {
  package var message: String
  package var description: String { message }
}
