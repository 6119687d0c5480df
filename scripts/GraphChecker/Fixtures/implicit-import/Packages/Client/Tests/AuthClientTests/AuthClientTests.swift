import AuthClient
import Testing

@Test func fixture_compiles_isTrue() {
  #expect(Bool(true))
}
