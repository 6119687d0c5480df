import CommonKit
import Synchronization
import Testing

@Suite struct LoggerTests {
  @Test func log_belowMinimumLevel_isDropped() {
    let lines = Mutex<[String]>([])
    let log = Logger(label: "test", minimumLevel: .warning) { line in lines.withLock { $0.append(line) } }
    log.info("hidden")
    log.error("shown")
    #expect(lines.withLock { $0 } == ["[test] error: shown"])
  }
}
