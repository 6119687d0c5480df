import Foundation

/// A tiny leveled logger that writes one timestamped line per message to standard error.
///
/// Standard error keeps logs out of the apps' screens and the server's responses. Every message
/// stays on one line: line breaks and other control characters in it are escaped (`\r`, `\n`,
/// `\u{1B}`), so text from a request (a path holding `%0d%0a`) cannot forge a log line. The
/// minimum level comes from `FROMM_LOG_LEVEL` (`debug`, `info`, `warning`, `error`) unless the
/// code passes one.
///
/// ```swift
/// let log = Logger(label: "server")
/// log.info("listening on 127.0.0.1:8080")
/// // 2026-11-23T17:05:09.123Z [server] info: listening on 127.0.0.1:8080
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

    /// The environment variable that sets the minimum level.
    public static let environmentVariable = "FROMM_LOG_LEVEL"

    /// The level named by `FROMM_LOG_LEVEL` in `environment`, or `fallback` when it is unset or
    /// names no level.
    public static func fromEnvironment(
      _ environment: [String: String] = ProcessInfo.processInfo.environment, default fallback: Level = .info
    ) -> Level {
      guard let name = environment[environmentVariable]?.lowercased() else { return fallback }
      return allCases.first { $0.tag == name || (name == "warn" && $0 == .warning) } ?? fallback
    }
  }

  /// The name printed in front of every line.
  public let label: String
  /// Messages below this level are dropped.
  public let minimumLevel: Level
  let now: @Sendable () -> Date
  let sink: @Sendable (String) -> Void

  /// Creates a logger writing to standard error; the level defaults to `FROMM_LOG_LEVEL` or info.
  public init(label: String, minimumLevel: Level = .fromEnvironment()) {
    self.init(label: label, minimumLevel: minimumLevel) { line in
      StandardStreams.writeError(line + "\n")
    }
  }

  /// Creates a logger writing each line to `sink`, for tests or other destinations; `now` stamps
  /// the lines.
  public init(
    label: String, minimumLevel: Level = .fromEnvironment(), now: @escaping @Sendable () -> Date = { Date() },
    sink: @escaping @Sendable (String) -> Void
  ) {
    self.label = label
    self.minimumLevel = minimumLevel
    self.now = now
    self.sink = sink
  }

  /// Logs `message` at `level` if the level is at least ``minimumLevel``.
  public func log(_ level: Level, _ message: @autoclosure () -> String) {
    guard level >= minimumLevel else { return }
    sink("\(Self.timestamp(now())) [\(label)] \(level.tag): \(Self.escapingControlCharacters(message()))")
  }

  /// Logs at ``Level/debug``.
  public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
  /// Logs at ``Level/info``.
  public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
  /// Logs at ``Level/warning``.
  public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
  /// Logs at ``Level/error``.
  public func error(_ message: @autoclosure () -> String) { log(.error, message()) }

  /// `text` with CR, LF, tab, backslash-free escapes for every other control character.
  static func escapingControlCharacters(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\r": escaped += "\\r"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `2026-11-23T17:05:09.123Z`: UTC with milliseconds, formatted without a formatter object.
  static func timestamp(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    var seconds = time_t(interval.rounded(.down))
    let milliseconds = Int((interval - Double(seconds)) * 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let millis =
      milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
    return
      "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millis)Z"
  }
}
