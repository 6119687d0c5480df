import Dependencies
import Foundation
import Testing

enum OptionalGreetingKey: DependencyKey {
  static let liveValue: String? = "live"
  static let testValue: String? = "test"
}

/// A fake whose state lives in the value its key makes: it must be made once per test.
struct CounterClient: Sendable {
  var count: @Sendable () -> Int
  var setCount: @Sendable (Int) -> Void
}

extension CounterClient: TestDependencyKey {
  static var testValue: CounterClient {
    let count = LockIsolated(0)
    return CounterClient(count: { count.value }, setCount: { value in count.setValue(value) })
  }
}

/// A live-only key that declares a preview value: tests report it and fall back to it.
enum PreviewedLiveKey: DependencyKey {
  static let liveValue = "live"
  static let previewValue = "preview"
}

/// A live-only key whose `Value` is inferred from `liveValue` alone.
enum InferredLiveKey: DependencyKey {
  static let liveValue = 42
}

/// A live-only client with two endpoints.
struct LiveOnlyClient: Sendable {
  var first: @Sendable () -> String
  var second: @Sendable () -> String
}

extension LiveOnlyClient: DependencyKey {
  static let liveValue = LiveOnlyClient(first: { "live first" }, second: { "live second" })
}

extension DependencyValues {
  var optionalGreeting: String? {
    get { self[OptionalGreetingKey.self] }
    set { self[OptionalGreetingKey.self] = newValue }
  }
  var counter: CounterClient {
    get { self[CounterClient.self] }
    set { self[CounterClient.self] = newValue }
  }
  var liveOnlyClient: LiveOnlyClient {
    get { self[LiveOnlyClient.self] }
    set { self[LiveOnlyClient.self] = newValue }
  }
}

/// Made inside `withDependencies`, read outside it.
final class CountModel {
  @Dependency(\.counter.count) var count
  @Dependency(\.optionalGreeting) var greeting
}

@Suite struct DependencyResolutionTests {
  @Test func optionalValue_notOverridden_readsTheContextsValue() {
    #expect(DependencyValues(context: .live).optionalGreeting == "live")
    #expect(DependencyValues(context: .test).optionalGreeting == "test")
    @Dependency(\.optionalGreeting) var greeting
    #expect(greeting == "test")
  }

  @Test func optionalValue_overriddenWithNil_readsNil() {
    var values = DependencyValues(context: .live)
    values.optionalGreeting = nil
    #expect(values.optionalGreeting == nil)
  }

  @Test func testValue_statefulFake_keepsItsStateBetweenReads() {
    @Dependency(\.counter) var counter
    #expect(counter.count() == 0)
    counter.setCount(42)
    #expect(counter.count() == 42)
    #expect(DependencyValues().counter.count() == 42)
  }

  @Test func freshTestValues_insideWithDependencies_startAFreshCacheOfTestValues() {
    @Dependency(\.counter) var counter
    counter.setCount(42)
    withDependencies {
      $0 = DependencyValues(context: .test)
    } operation: {
      @Dependency(\.counter) var fresh
      #expect(fresh.count() == 0)
      fresh.setCount(7)
      // Within the fresh values, the fake is made once and kept.
      @Dependency(\.counter) var again
      #expect(again.count() == 7)
      #expect(counter.count() == 7)
    }
    #expect(counter.count() == 42)
  }

  @Test func freshTestValues_eachInstance_startsItsOwnCache() {
    let first = DependencyValues(context: .test)
    let second = DependencyValues(context: .test)
    first.counter.setCount(1)
    #expect(first.counter.count() == 1)
    #expect(second.counter.count() == 0)
    #expect(DependencyValues().counter.count() == 0)
  }

  @Test func testValue_inAnotherTest_startsAfresh() async {
    // This test and the one above each start from 0 and leave 42: whichever runs second fails
    // if it sees the other's fake.
    @Dependency(\.counter) var counter
    #expect(counter.count() == 0)
    counter.setCount(42)
  }

  @Test func dependencyInClass_readOutsideItsScope_keepsValuesFromCreation() {
    let model = withDependencies {
      $0.counter.count = { 7 }
      $0.optionalGreeting = "made"
    } operation: {
      CountModel()
    }
    #expect(model.count() == 7)
    #expect(model.greeting == "made")
    withDependencies {
      $0.optionalGreeting = "newer"
    } operation: {
      #expect(model.greeting == "newer")
      #expect(model.count() == 7)
    }
  }

  // As swift-dependencies: a key without a test value reports it, and tests get its preview.
  @Test func liveKeyWithPreviewValue_readInTest_reportsAndUsesThePreview() {
    let collector = IssueCollector()
    let value = withIssueReporter(collector) { DependencyValues()[PreviewedLiveKey.self] }
    #expect(value == "preview")
    #expect(collector.messages.count == 1)
    #expect(
      collector.messages.first?.hasPrefix(
        "A dependency has no test implementation, but was accessed from a test context:") == true)
    #expect(collector.messages.first?.contains("  Key:\n    PreviewedLiveKey\n") == true)
  }

  @Test func liveOnlyKey_valueTypeIsInferredFromLiveValue() {
    let value: Int = DependencyValues(context: .live)[InferredLiveKey.self]
    #expect(value == 42)
  }

  @Test func liveOnlyKey_overridingOneEndpoint_reportsNoMissingTestValue() {
    let collector = IssueCollector()
    let first = withIssueReporter(collector) {
      withDependencies {
        $0.liveOnlyClient.first = { "test first" }
      } operation: {
        @Dependency(\.liveOnlyClient.first) var first
        return first()
      }
    }
    #expect(first == "test first")
    #expect(collector.messages.isEmpty)
  }

  @Test func liveOnlyKey_plainReadAfterEndpointOverride_stillReports() {
    let collector = IssueCollector()
    withIssueReporter(collector) {
      withDependencies {
        $0.liveOnlyClient.first = { "test first" }
      } operation: {
      }
      _ = DependencyValues().liveOnlyClient
    }
    #expect(collector.messages.count == 1)
    #expect(
      collector.messages.first?.hasPrefix(
        """
        A dependency has no test implementation, but was accessed from a test context:

          Dependency:
            LiveOnlyClient
        """) == true)
  }
}
