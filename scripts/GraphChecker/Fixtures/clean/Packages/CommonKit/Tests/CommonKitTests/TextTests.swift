import Testing

@testable import CommonKit

@Test func fixture_compiles_isTrue() {
  #expect(Bool(true))
}
