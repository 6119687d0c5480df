import Foundation
import Synchronization
import Testing

@testable import CommonKit

@Suite struct LoggerTests {
  static let fixedDate = Date(timeIntervalSince1970: 1_790_000_000.042)

  final class Lines: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    func withLock<T>(_ body: ([String]) -> T) -> T { storage.withLock { body($0) } }
  }

  func capture(_ level: Logger.Level = .debug) -> (Logger, Lines) {
    let lines = Lines()
    let log = Logger(label: "test", minimumLevel: level, now: { Self.fixedDate }) { line in
      lines.append(line)
    }
    return (log, lines)
  }

  @Test func log_belowMinimumLevel_isDropped() {
    let (log, lines) = capture(.warning)
    log.info("hidden")
    log.error("shown")
    #expect(lines.withLock { $0 } == ["2026-09-21T14:13:20.042Z [test] error: shown"])
  }

  @Test func log_lineBreaksInTheMessage_areEscapedSoNoLineCanBeForged() {
    let (log, lines) = capture()
    log.info("GET /v1/x\r\n2026-01-01T00:00:00.000Z [fromm-server] info: forged\u{1B}[2J\u{0}")
    let written = lines.withLock { $0 }
    #expect(written.count == 1)
    #expect(!written[0].contains("\n") && !written[0].contains("\r") && !written[0].contains("\u{1B}"))
    #expect(
      written[0].hasSuffix(
        #"GET /v1/x\r\n2026-01-01T00:00:00.000Z [fromm-server] info: forged\u{1B}[2J\u{0}"#))
  }

  @Test func timestamp_isUTCWithMilliseconds() {
    #expect(Logger.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    #expect(Logger.timestamp(Date(timeIntervalSince1970: 1_790_000_000.5)) == "2026-09-21T14:13:20.500Z")
  }

  @Test(arguments: [
    ("debug", Logger.Level.debug), ("INFO", .info), ("warning", .warning), ("warn", .warning),
    ("error", .error),
  ])
  func level_fromEnvironment_readsFROMM_LOG_LEVEL(name: String, level: Logger.Level) {
    #expect(Logger.Level.fromEnvironment(["FROMM_LOG_LEVEL": name]) == level)
  }

  @Test func level_fromEnvironment_unsetOrUnknown_usesTheDefault() {
    #expect(Logger.Level.fromEnvironment([:]) == .info)
    #expect(Logger.Level.fromEnvironment(["FROMM_LOG_LEVEL": "loud"], default: .warning) == .warning)
  }
}
