import ComposableArchitecture
import ComposableArchitectureTesting
import Testing

@Suite(.dependency(\.optionalGreeting, "from the suite"))
struct DependenciesTraitTests {
  @Test func dependencyTrait_onTheSuite_reachesEachTest() {
    @Dependency(\.optionalGreeting) var greeting
    #expect(greeting == "from the suite")
  }

  @Test(.dependency(\.optionalGreeting, "from the test"))
  func dependencyTrait_onTheTest_overridesTheSuites() {
    @Dependency(\.optionalGreeting) var greeting
    #expect(greeting == "from the test")
  }

  @Test(
    .dependencies {
      $0.counter.count = { 5 }
      $0.liveOnlyClient.first = { "overridden" }
    })
  func dependenciesTrait_changesSeveral_andOverridingAnEndpointReportsNothing() {
    let issues = IssueCollector()
    let (count, first) = withIssueReporter(issues) {
      @Dependency(\.counter.count) var count
      @Dependency(\.liveOnlyClient.first) var first
      return (count(), first())
    }
    #expect(count == 5)
    #expect(first == "overridden")
    #expect(issues.messages.isEmpty)
  }

  @MainActor
  @Test(.dependency(\.counter.count, { 3 }))
  func dependencyTrait_testStoreMadeInTheTest_reducesWithIt() async {
    let store = TestStore(initialState: OverridingEffectFeature.State()) {
      OverridingEffectFeature()
    }
    await store.send(.start)
    await store.receive(.effectSaw(99)) {
      $0.seenByEffect = 99
      $0.seenByReducer = 3
    }
  }

  @Test(.dependencies, arguments: 1...3)
  func bareDependenciesTrait_eachCase_startsAfresh(_ argument: Int) {
    @Dependency(\.counter) var counter
    #expect(counter.count() == 0)
    counter.setCount(argument)
  }
}
