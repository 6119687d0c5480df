/// A tiny leveled logger that writes one line per message to standard error.
///
/// Standard error keeps logs out of the apps' screens and the server's responses.
///
/// ```swift
/// let log = Logger(label: "server", minimumLevel: .info)
/// log.info("listening on 127.0.0.1:8080")
/// ```
public struct Logger: Sendable {
  /// How important a message is.
  public enum Level: Int, Comparable, Sendable, CaseIterable {
    case debug, info, warning, error

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

    var tag: String {
      switch self {
      case .debug: "debug"
      case .info: "info"
      case .warning: "warning"
      case .error: "error"
      }
    }
  }

  /// The name printed in front of every line.
  public let label: String
  /// Messages below this level are dropped.
  public let minimumLevel: Level
  let sink: @Sendable (String) -> Void

  /// Creates a logger writing to standard error.
  public init(label: String, minimumLevel: Level = .info) {
    self.init(label: label, minimumLevel: minimumLevel) { line in
      StandardStreams.writeError(line + "\n")
    }
  }

  /// Creates a logger writing each line to `sink`, for tests or other destinations.
  public init(label: String, minimumLevel: Level = .info, sink: @escaping @Sendable (String) -> Void) {
    self.label = label
    self.minimumLevel = minimumLevel
    self.sink = sink
  }

  /// Logs `message` at `level` if the level is at least ``minimumLevel``.
  public func log(_ level: Level, _ message: @autoclosure () -> String) {
    guard level >= minimumLevel else { return }
    sink("[\(label)] \(level.tag): \(message())")
  }

  /// Logs at ``Level/debug``.
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
  /// Logs at ``Level/info``.
  public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
  /// Logs at ``Level/warning``.
  public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
  /// Logs at ``Level/error``.
  public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
