import Dependencies
import Testing

/// The cases of a parameterized test run concurrently under one test id; each must get its own
/// test values, as separate tests do.
@Suite struct ParameterizedTestValuesTests {
  @Test(arguments: 1...4)
  func testValue_eachCaseOfAParameterizedTest_startsAfresh(_ argument: Int) async {
    @Dependency(\.counter) var counter
    #expect(counter.count() == 0)
    counter.setCount(argument)
    await Task.yield()
    #expect(counter.count() == argument)
  }

  @Test(.serialized, arguments: [7, 7])
  func testValue_casesWithEqualArguments_eachStartAfresh(_ argument: Int) {
    @Dependency(\.counter) var counter
    #expect(counter.count() == 0)
    counter.setCount(argument)
  }

  @Test func testValue_plainTest_keepsOneValueForTheWholeTest() async {
    @Dependency(\.counter) var counter
    counter.setCount(3)
    await Task { #expect(counter.count() == 3) }.value
  }
}
