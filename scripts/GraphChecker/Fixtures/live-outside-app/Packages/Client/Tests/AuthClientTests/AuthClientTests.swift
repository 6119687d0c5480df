import AuthClient
import AuthClientLive
import Testing

@Test func fixture_compiles_isTrue() {
  #expect(Bool(true))
}
