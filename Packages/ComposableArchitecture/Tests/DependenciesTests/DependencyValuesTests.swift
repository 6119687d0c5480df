import Dependencies
import Foundation
import Testing

struct GreetingClient: Sendable {
  var greet: @Sendable (String) async throws -> String
  var count: @Sendable () -> Int
}

extension GreetingClient: TestDependencyKey {
  static let testValue = GreetingClient(
    greet: unimplemented("GreetingClient.greet"),
    count: unimplemented("GreetingClient.count", placeholder: 0)
  )
  static let previewValue = GreetingClient(greet: { "Preview hello, \($0)" }, count: { 42 })
}

enum LiveOnlyKey: DependencyKey {
  typealias Value = String
  static let liveValue = "live"
}

extension DependencyValues {
  var greeting: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
}

@Suite struct DependencyValuesTests {
  @Test func context_inTestProcess_isTest() {
    #expect(DependencyValues().context == .test)
  }

  @Test func withDependencies_override_isScopedToOperation() async throws {
    @Dependency(\.greeting) var greeting
    let inside = try await withDependencies {
      $0.greeting.greet = { "Hi, \($0)" }
    } operation: {
      try await greeting.greet("fan")
    }
    #expect(inside == "Hi, fan")
    let collector = IssueCollector()
    await withIssueReporter(collector) {
      _ = try? await greeting.greet("fan")
    }
    #expect(collector.messages == ["Unimplemented: 'GreetingClient.greet'"])
  }

  @Test func dependency_keyPathIntoEndpoint_readsThatEndpoint() {
    @Dependency(\.greeting.count) var count
    withDependencies {
      $0.greeting.count = { 7 }
    } operation: {
      #expect(count() == 7)
    }
  }

  @Test func dependency_byType_readsTheKey() {
    @Dependency(GreetingClient.self) var client
    withDependencies {
      $0.context = .preview
    } operation: {
      #expect(client.count() == 42)
    }
  }

  @Test func overrides_flowIntoChildAndUnstructuredTasks() async {
    await withDependencies {
      $0.greeting.count = { 3 }
    } operation: {
      async let child = { @Sendable in
        @Dependency(\.greeting.count) var count
        return count()
      }()
      let unstructured = await Task {
        @Dependency(\.greeting.count) var count
        return count()
      }.value
      #expect(await child == 3)
      #expect(unstructured == 3)
    }
  }

  @Test func unimplementedThrowing_reportsAndThrowsNamedFailure() async {
    let collector = IssueCollector()
    let client = GreetingClient.testValue
    await withIssueReporter(collector) {
      await #expect(throws: UnimplementedFailure(endpoint: "GreetingClient.greet")) {
        try await client.greet("x")
      }
      #expect(client.count() == 0)
    }
    #expect(
      collector.messages == [
        "Unimplemented: 'GreetingClient.greet'", "Unimplemented: 'GreetingClient.count'",
      ])
  }

  @Test func unimplementedVoidEndpoints_throwingAndNot_resolveAndReport() async {
    let collector = IssueCollector()
    let signOut: @Sendable () async throws -> Void = unimplemented("AuthClient.signOut")
    let markRead: @Sendable (Int) async -> Void = unimplemented("MessageClient.markRead")
    await withIssueReporter(collector) {
      await #expect(throws: UnimplementedFailure(endpoint: "AuthClient.signOut")) {
        try await signOut()
      }
      await markRead(1)
    }
    #expect(
      collector.messages == [
        "Unimplemented: 'AuthClient.signOut'", "Unimplemented: 'MessageClient.markRead'",
      ])
  }

  @Test func liveKeyWithoutTestValue_readInTest_reportsHowToFix() {
    let collector = IssueCollector()
    let value = withIssueReporter(collector) { DependencyValues()[LiveOnlyKey.self] }
    #expect(value == "live")
    #expect(collector.messages.count == 1)
    #expect(
      collector.messages[0].hasPrefix(
        """
        A dependency has no test implementation, but was accessed from a test context:

          Key:
            LiveOnlyKey
          Value:
            String
        """))
    #expect(collector.messages[0].contains("To fix, override the dependency with a test value"))
  }

  @Test func interfaceWithoutLiveValue_readInLiveContext_reportsAndFallsBack() {
    let collector = IssueCollector()
    let count = withIssueReporter(collector) {
      DependencyValues(context: .live)[GreetingClient.self].count()
    }
    #expect(count == 0)
    #expect(
      collector.messages.first?.hasPrefix(
        """
        A dependency has no live implementation, but was accessed from a live context. …

          Key:
            GreetingClient
        """) == true)
    #expect(collector.messages.last == "Unimplemented: 'GreetingClient.count'")
  }

  @Test func liveValue_isMadeOncePerProcess() {
    let first = DependencyValues(context: .live).withRandomNumberGenerator
    let second = DependencyValues(context: .live).withRandomNumberGenerator
    #expect(first === second)
  }
}

@Suite struct BuiltinDependencyTests {
  @Test func uuid_inTests_incrementsFromZero() {
    let uuid = DependencyValues().uuid
    #expect(uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(uuid() == UUID(incrementing: 1))
    #expect(UUID(incrementing: 255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }

  @Test func date_notOverridden_reportsAndConstantOverrideWorks() {
    let collector = IssueCollector()
    withIssueReporter(collector) { _ = DependencyValues().date.now }
    #expect(collector.messages.count == 1)
    #expect(collector.messages[0].hasPrefix("Unimplemented: @Dependency(\\.date) …"))
    var values = DependencyValues()
    values.date = .constant(Date(timeIntervalSince1970: 10))
    #expect(values.date.now == Date(timeIntervalSince1970: 10))
  }

  @Test func clock_notOverridden_reportsWhenUsed() async throws {
    let collector = IssueCollector()
    try await withIssueReporter(collector) {
      try await DependencyValues().continuousClock.sleep(for: .seconds(1))
    }
    #expect(collector.messages.count == 1)
    #expect(collector.messages[0].hasPrefix("Unimplemented: ContinuousClock.sleep …"))
  }

  @Test func seededRandom_isRepeatable() {
    let a = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 7))
    let b = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 7))
    let rollsA = (0..<5).map { _ in a { Int.random(in: 1...6, using: &$0) } }
    let rollsB = (0..<5).map { _ in b { Int.random(in: 1...6, using: &$0) } }
    #expect(rollsA == rollsB)
  }
}
