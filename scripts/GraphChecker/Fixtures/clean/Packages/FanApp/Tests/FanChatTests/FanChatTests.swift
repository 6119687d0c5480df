import Testing

@testable import FanChat

@Test func fixture_compiles_isTrue() {
  #expect(Bool(true))
}
