import NetworkProvider
import Testing

@Suite struct BackoffTests {
  @Test func wait_doublesPerFailureInARow_upToTheCeiling() {
    let backoff = Backoff(first: .milliseconds(200), max: .seconds(2))
    #expect(
      (1...6).map(backoff.wait(afterFailures:)) == [
        .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600), .seconds(2),
        .seconds(2),
      ])
  }

  @Test func wait_zeroOrAHugeNumberOfFailures_staysBetweenFirstAndTheCeiling() {
    let backoff = Backoff(first: .seconds(1), max: .seconds(30))
    #expect(backoff.wait(afterFailures: 0) == .seconds(1))
    #expect(backoff.wait(afterFailures: 10_000) == .seconds(30))
  }

  @Test func configuration_retries_useTheSameBackoff() {
    let configuration = APIClient.Configuration(
      initialBackoff: .milliseconds(100), maxBackoff: .milliseconds(300))
    #expect(
      (1...3).map(configuration.backoff(beforeRetry:)) == [
        .milliseconds(100), .milliseconds(200), .milliseconds(300),
      ])
  }
}
