import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import Testing

/// A model that makes a child model which must inherit its dependencies.
final class ParentModel {
  @Dependency(\.optionalGreeting) var greeting

  func makeChild() -> ChildModel {
    withDependencies(from: self) {
      ChildModel()
    }
  }
}

final class ChildModel {
  @Dependency(\.optionalGreeting) var greeting
}

@Suite struct DependencyAPITests {
  @Test func withEscapedDependencies_yieldedLater_seesCapturedValues() async {
    let escaped = withDependencies {
      $0.optionalGreeting = "captured"
    } operation: {
      withEscapedDependencies { $0 }
    }
    let greeting = await Task.detached {
      escaped.yield {
        @Dependency(\.optionalGreeting) var greeting
        return greeting
      }
    }.value
    #expect(greeting == "captured")
  }

  @Test func withDependenciesFromModel_childMadeOutsideParentsScope_inheritsParentsValues() {
    let parent = withDependencies {
      $0.optionalGreeting = "parent"
    } operation: {
      ParentModel()
    }
    let child = parent.makeChild()
    #expect(child.greeting == "parent")
  }

  @Test func prepareDependencies_beforeFirstRead_becomesTheDefault() {
    prepareDependencies { $0.counter.count = { 11 } }
    @Dependency(\.counter.count) var count
    #expect(count() == 11)
    #expect(DependencyValues().counter.count() == 11)
  }

  @Test func prepareDependencies_afterARead_reportsAndKeepsTheOldValue() {
    @Dependency(\.counter.count) var count
    #expect(count() == 0)
    let collector = IssueCollector()
    withIssueReporter(collector) {
      prepareDependencies { $0.counter.count = { 11 } }
    }
    #expect(count() == 0)
    #expect(collector.messages.count == 1)
    #expect(
      collector.messages.first?.hasPrefix("A dependency has already been accessed or prepared. …")
        == true)
  }

  @Test func calendarLocaleTimeZone_notOverridden_reportEachOnce() {
    let collector = IssueCollector()
    withIssueReporter(collector) {
      let values = DependencyValues()
      _ = (values.calendar, values.calendar, values.locale, values.timeZone)
    }
    #expect(
      collector.messages.map { $0.components(separatedBy: "\n").first ?? "" } == [
        "@Dependency(\\.calendar) has no test implementation, but was accessed from a test context:",
        "@Dependency(\\.locale) has no test implementation, but was accessed from a test context:",
        "@Dependency(\\.timeZone) has no test implementation, but was accessed from a test context:",
      ])
  }

  @Test func calendarLocaleTimeZone_overridden_readTheOverrides() {
    withDependencies {
      $0.calendar = Calendar(identifier: .iso8601)
      $0.locale = Locale(identifier: "de_DE")
      $0.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    } operation: {
      @Dependency(\.calendar) var calendar
      @Dependency(\.locale) var locale
      @Dependency(\.timeZone) var timeZone
      #expect(calendar.identifier == .iso8601)
      #expect(locale.identifier == "de_DE")
      #expect(timeZone.identifier == "Asia/Tokyo")
    }
  }

  @Test func dateNow_set_fixesTheDate() {
    withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    } operation: {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSince1970: 1_234_567_890))
    }
  }

  @Test func uuidIncrementing_countsFromZero_likeIntegerUUIDs() {
    let uuid = UUIDGenerator.incrementing
    #expect(uuid() == UUID(0))
    #expect(uuid() == UUID(1))
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    #expect(UUID(-3) == UUID(0))
  }

  @Test func taskNever_cancelled_throwsCancellationError() async {
    let task = Task { try await Task<String, Never>.never() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func taskNever_typedResult_suspendsUntilCancelled() async {
    let started = LockIsolated(false)
    let task = Task<Int, any Error> {
      started.setValue(true)
      return try await Task<Int, Never>.never()
    }
    while !started.value { await Task.yield() }
    await Task.yield()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func lockIsolated_concurrentChanges_areAllKept() async {
    let count = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 { group.addTask { count.withValue { $0 += 1 } } }
    }
    #expect(count.value == 100)
    let names = LockIsolated<[String]>(["a"])
    #expect(names.count == 1)
  }

  @Test func withErrorReporting_bodyThrows_reportsTheErrorAndReturnsNil() async {
    struct SaveFailed: Error {}
    let issues = IssueCollector()
    let (failed, succeeded) = await withIssueReporter(issues) {
      let failed: Int? = withErrorReporting("Could not save") { throw SaveFailed() }
      let succeeded = await withErrorReporting { () async throws -> Int in
        await Task.yield()
        return 7
      }
      return (failed, succeeded)
    }
    #expect(failed == nil)
    #expect(succeeded == 7)
    #expect(issues.messages == ["Caught error: SaveFailed(): Could not save"])
  }

  @Test func actorIsolated_concurrentChanges_areAllKept() async {
    let count = ActorIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 { group.addTask { await count.withValue { $0 += 1 } } }
    }
    #expect(await count.value == 100)
    let doubled = await count.withValue { value -> Int in
      value *= 2
      return value
    }
    #expect(doubled == 200)
    await count.setValue(7)
    #expect(await count.value == 7)
  }

  @Test @MainActor func clockTimer_testClockAdvanced_ticksOncePerInterval() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.tick(1)) { $0.ticks = [1] }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick(2)) { $0.ticks = [1, 2] }
    await store.receive(.tick(3)) { $0.ticks = [1, 2, 3] }
    await store.send(.stop)
  }
}

/// Counts the ticks of a one-second timer on the continuous clock.
struct TimerFeature: Reducer {
  struct State: Equatable {
    var ticks: [Int] = []
  }

  enum Action: Equatable {
    case start
    case stop
    case tick(Int)
  }

  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in
        for await tick in clock.timer(interval: .seconds(1)) {
          await send(.tick(tick))
        }
      }
      .cancellable(id: CancelID.timer)
    case .stop:
      return .cancel(id: CancelID.timer)
    case .tick(let tick):
      state.ticks.append(tick)
      return .none
    }
  }
}

/// A model with no `@Dependency` of its own, which makes a child that has one.
final class PlainParentModel {
  func makeChild() -> ChildModel {
    withDependencies(from: self) { ChildModel() }
  }
}

@Suite struct WithDependenciesFromPlainModelTests {
  @Test func withDependenciesFrom_parentWithoutDependencies_madeInsideWithDependencies_passesThemOn() {
    let parent = withDependencies {
      $0.optionalGreeting = "from the parent's maker"
    } operation: {
      PlainParentModel()
    }
    #expect(parent.makeChild().greeting == "from the parent's maker")
  }
}
